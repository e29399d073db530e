import Core
import Foundation

/// What a finished run changes in the muted tests: a test that flipped (failed, then passed,
/// in this one build, so on one commit) is muted; a muted test counts its clean runs (passed
/// at its first attempt) and unmutes itself after ``MutedTest/cleanRunsToRecover`` in a row; a
/// muted test that failed or flipped again starts counting again.
public enum MuteRule {
    /// The muted tests to store (new or changed) and the names to unmute.
    public struct Changes: Sendable, Equatable {
        /// New or changed muted tests.
        public var upserts: [MutedTest] = []
        /// Tests that recovered, by name (in the run's repository).
        public var unmuted: [String] = []

        /// No change.
        public init() {}
    }

    /// The changes `run` (finished) makes to `muted` (the tests muted in the build's
    /// repository, `repositoryID`), in build `buildID`.
    public static func changes(after run: DeviceRun, muted: [String: MutedTest], buildID: Int64, repositoryID: Int64?, now: Date) -> Changes {
        var changes = Changes()
        for test in run.tests {
            guard let verdict = test.verdict else { continue }
            if var entry = muted[test.name] {
                switch verdict {
                case .passed where test.attempts.count == 1:
                    entry.cleanRuns += 1
                    if entry.cleanRuns >= MutedTest.cleanRunsToRecover { changes.unmuted.append(test.name) } else { changes.upserts.append(entry) }
                case .failed, .flaky:
                    if entry.cleanRuns != 0 {
                        entry.cleanRuns = 0
                        changes.upserts.append(entry)
                    }
                case .passed, .skipped:
                    continue
                }
            } else if verdict == .flaky {
                changes.upserts.append(MutedTest(
                    repositoryID: repositoryID, name: test.name, reason: "flipped on one commit: failed, then passed on another attempt (build \(buildID))",
                    mutedBy: MutedTest.rule, mutedAt: now))
            }
        }
        return changes
    }
}
