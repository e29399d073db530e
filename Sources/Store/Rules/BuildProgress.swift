import Core
import Foundation
import MemberwiseInit

/// A build's state and times, which follow its jobs: the rule every store backend applies
/// after a job changes, decided here without SQL.
@MemberwiseInit(.package)
package struct BuildProgress: Equatable {
    /// The build's state.
    package var state: BuildState
    /// When its first job was picked up.
    package var startedAt: Date?
    /// When it reached a final state.
    package var finishedAt: Date?

    /// The progress once the build's current attempts are in `jobStates` (superseded attempts
    /// left out), or nil when its state stays as it is.
    ///
    /// A build starts when a job is first picked up, not when it is merely canceled, and
    /// finishes when it reaches a final state.
    package func advanced(jobStates: [JobState], now: Date) -> BuildProgress? {
        let derived = BuildState.derive(from: jobStates)
        guard derived != self.state else { return nil }
        var next = self
        next.state = derived
        if derived != .pending, next.startedAt == nil, jobStates.contains(where: { $0 != .pending && $0 != .canceled }) {
            next.startedAt = now
        }
        if derived.isFinished { next.finishedAt = now }
        return next
    }
}
