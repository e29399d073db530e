import BuildMetrics
import Foundation
import MemberwiseInit

/// Finds the flips of one report's test cases: a test that failed, then passed on a retry in
/// the same run (outcome `flaky`), or whose outcome differs from its last outcome in another
/// run of the same commit. A backend reads the other runs' outcomes and stores what is decided
/// here: each case's flips and flaky mark, and the earlier cases that become flaky with it.
package struct TestFlips {
    /// A test's last outcome in the other runs of the commit, and the case that had it.
    @MemberwiseInit(.package)
    package struct Earlier: Equatable {
        /// The run (report) id.
        package var runID: Int64
        /// The case's position in that run.
        package var position: Int64
        /// `failed` or `passed` (a flaky case ended passed).
        package var outcome: TestCaseOutcome
    }

    /// One case of the report as stored.
    package struct Case {
        /// Its position in the report.
        package var position: Int
        /// Its test's id.
        package var testID: Int64
        /// The case as reported.
        package var test: TestCaseResult
        /// Flips counted for it: one for a retry that passed, one for a flip against the commit's
        /// other runs.
        package var flips: Int
        /// Whether it took part in a flip.
        package var flaky: Bool { flips > 0 }
        /// Whether the flip was against another run (not only a retry within this one).
        package var acrossRuns: Bool
    }

    /// Every case of the report, in report order.
    package private(set) var cases: [Case] = []
    /// Earlier cases that now take part in a flip and are marked flaky.
    package private(set) var markedEarlier: [Earlier] = []

    /// The outcome a stored case stands for when it is compared: a flaky case ended passed.
    package static func comparable(_ stored: TestCaseOutcome) -> TestCaseOutcome {
        stored == .failed ? .failed : .passed
    }

    /// Decides the flips of `tests` (with their test ids, in the same order) against `earlier`,
    /// the last non-skipped outcome per test id in the commit's other runs.
    package init(_ tests: [TestCaseResult], testIDs: [Int64], earlier: [Int64: Earlier]) {
        for (position, (test, testID)) in zip(tests, testIDs).enumerated() {
            var flips = test.outcome == .flaky ? 1 : 0
            var acrossRuns = false
            // A flaky attempt sequence starts failed: that is what another run's pass flips against.
            let entry: TestCaseOutcome = test.outcome == .failed || test.outcome == .flaky ? .failed : .passed
            if test.outcome != .skipped, let before = earlier[testID], before.outcome != entry {
                flips += 1
                acrossRuns = true
                markedEarlier.append(before)
            }
            cases.append(Case(position: position, testID: testID, test: test, flips: flips, acrossRuns: acrossRuns))
        }
    }

    /// The cases that flipped, in report order: what ``FlakyTestAnnouncement`` announces.
    package var flipped: [Case] { cases.filter(\.flaky) }
}
