import Core
import Foundation

/// Tests whose failures do not fail a `devices:` step (``MutedTest``): muted and unmuted by
/// hand here, and by the rule when a device run finishes (``DeviceRunStore``).
public protocol MutedTestStore: Sendable {
    /// Every muted test, by name.
    func mutedTests() async throws(StoreError) -> [MutedTest]
    /// Mutes `name` (again, with this reason, when it is muted), writing `audit` in the same transaction.
    func muteTest(_ name: String, reason: String, audit: AuditEvent, now: Date) async throws(StoreError) -> MutedTest
    /// Unmutes `name`. - Throws: `StoreError.notFound` when it is not muted.
    func unmuteTest(_ name: String, audit: AuditEvent) async throws(StoreError) -> MutedTest
}
