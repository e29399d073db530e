import MemberwiseInit

/// What history says of one selected test: how long its recent runs took and how often
/// they passed. The planner turns it into an expected duration and a number of copies.
@MemberwiseInit(.public)
public struct TestHistoryFacts: Sendable, Equatable {
    /// The test, as the runner names it (`com.acme.CheckoutTest#paysByCard`, `CheckoutUITests/testPay`).
    public var name: String
    /// Seconds each recent run took; empty for a test never run.
    public var durations: [Double] = []
    /// Recent runs that passed, of ``runs``.
    public var passes: Int = 0
    /// Recent runs with a verdict.
    public var runs: Int = 0

    /// The share of runs that passed; nil with no runs.
    public var passRate: Double? {
        runs > 0 ? Double(min(max(passes, 0), runs)) / Double(runs) : nil
    }

    /// The 80th percentile of ``durations`` (nearest rank: the smallest duration at least 80 %
    /// of the runs did not exceed), nil when there are none. Negative or non-finite values
    /// are not durations and are left out.
    public var p80Seconds: Double? {
        Self.percentile(0.8, of: durations)
    }

    /// The `fraction` percentile of `values` by nearest rank, nil when none is usable.
    public static func percentile(_ fraction: Double, of values: [Double]) -> Double? {
        let sorted = values.filter { $0.isFinite && $0 >= 0 }.sorted()
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
