import Core
import Foundation

/// Tests whose failures do not fail a `devices:` step (``MutedTest``): muted and unmuted by
/// hand here, and by the rule when a device run finishes (``DeviceRunStore``).
public protocol MutedTestStore: Sendable {
    /// Every muted test, by repository and name, with its repository's name.
    func mutedTests() async throws(StoreError) -> [MutedTest]
    /// Mutes `name` in the builds of `repository` (its name; nil for builds of no repository),
    /// again with this reason when it is muted there, writing `audit` in the same transaction.
    /// - Throws: `StoreError.notFound` for an unknown repository.
    func muteTest(_ name: String, repository: String?, reason: String, audit: AuditEvent, now: Date) async throws(StoreError) -> MutedTest
    /// Unmutes `name` in `repository`'s builds. - Throws: `StoreError.notFound` when it is not muted there.
    func unmuteTest(_ name: String, repository: String?, audit: AuditEvent) async throws(StoreError) -> MutedTest
}
