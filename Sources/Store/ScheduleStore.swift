import Core
import Foundation

/// Remembers which occurrences of a pipeline's schedule have produced a build.
public protocol ScheduleStore: Sendable {
    /// Creates `draft` (and answers the build) when `occurrence`, the schedule's latest time at
    /// or before `now`, has not been handled yet; nil otherwise. One transaction.
    func runScheduleIfDue(
        pipeline: String, repository: String, occurrence: Date?, now: Date, draft: BuildDraft, audit: AuditEvent
    ) async throws(StoreError) -> Build?
}
