import BuildMetrics

/// One build's contribution to its day's rollup rows (per branch, and per series), the same
/// for every store backend.
struct RollupContribution {
    var day: Int
    var repository: String
    var pipeline: String
    var branch: String
    var platform: String
    var buildSystem: String
    var outcome: BuildOutcome
    /// Queue, run and total seconds of the build.
    var times: BuildTimes
    var waitedOn: Bool
    /// In `MetricBuildRow.counters` order.
    var counters: [Int]
}
