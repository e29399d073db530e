import MemberwiseInit

/// Turns a build's selected tests and their history into its queue: each test's expected
/// time is the p80 of its history (``unknownTestSeconds`` for a test with none), and a test
/// that often fails gets extra copies up front (``flakiness``), so the build does not wait
/// for a retry at its end.
@MemberwiseInit(.public)
public struct BatchPlanner: Sendable, Equatable {
    /// The expected seconds of a test with no history.
    public var unknownTestSeconds: Double = 120
    /// Extra copies for tests whose pass rate is low; nil for one copy of each.
    public var flakiness: FlakinessCopies?

    /// The expected seconds of one test.
    public func expectedSeconds(_ test: TestHistoryFacts) -> Double {
        test.p80Seconds ?? unknownTestSeconds
    }

    /// The queue for `tests`; a test named twice is planned once (its first facts).
    public func queue(for tests: [TestHistoryFacts]) -> TestQueue {
        var seen: Set<String> = []
        var runs: [PlannedTest] = []
        for test in tests where seen.insert(test.name).inserted {
            let seconds = expectedSeconds(test)
            let copies = flakiness?.copies(passRate: test.passRate) ?? 1
            for copy in 1...copies {
                runs.append(PlannedTest(name: test.name, copy: copy, expectedSeconds: seconds))
            }
        }
        return TestQueue(runs)
    }
}
