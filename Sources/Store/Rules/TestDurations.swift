import BuildMetrics
import Foundation

/// One test's timed runs in a window, and the rankings made of them: the slowest tests by
/// median, and the tests whose median grew against the window before. A backend reads each
/// run's seconds (its attempts' total over its attempts; skipped runs and runs without a time
/// left out); medians and percentiles are taken here, in Swift, so both backends agree.
package struct TestDurations {
    /// Seconds of each run, in the order read.
    package private(set) var values: [Double] = []
    /// When it last ran in the window.
    package private(set) var lastSeen = Date.distantPast
    /// Its slowest run's seconds.
    package private(set) var slowest = 0.0
    /// The report (run) of its slowest run; the latest read of equally slow ones.
    package private(set) var slowestRun: Int64 = 0

    /// No runs yet (the implicit initializer would be internal).
    package init() {}

    /// Adds one run.
    package mutating func add(_ seconds: Double, at date: Date, run: Int64) {
        values.append(seconds)
        if date > lastSeen { lastSeen = date }
        if seconds >= slowest {
            slowest = seconds
            slowestRun = run
        }
    }

    /// The runs' seconds, smallest first.
    package var sorted: [Double] { values.sorted() }

    /// A test of the slowest ranking, before its name and slowest run are looked up.
    package struct Slow {
        /// The test's id.
        package var testID: Int64
        /// Its runs.
        package var runs: TestDurations
        /// Their median (nearest rank).
        package var p50: Double

        /// The answer, with the test's identity and slowest run as the backend found them.
        package func answer(test: TestIdentity, slowestRun: TestRunReference) -> SlowTest {
            let sorted = runs.sorted
            return SlowTest(
                test: test, runs: sorted.count, p50Seconds: p50, p90Seconds: Percentiles.nearestRank(sorted, 90) ?? p50,
                maxSeconds: sorted.last ?? p50, lastSeenAt: runs.lastSeen, slowestRun: slowestRun)
        }
    }

    /// The `limit` tests with the highest median, ties by test id (the older test first).
    package static func slowest(_ durations: [Int64: TestDurations], limit: Int) -> [Slow] {
        let ranked = durations.compactMap { id, runs -> Slow? in
            Percentiles.nearestRank(runs.sorted, 50).map { Slow(testID: id, runs: runs, p50: $0) }
        }
        return Array(ranked.sorted { ($0.p50, $1.testID) > ($1.p50, $0.testID) }.prefix(limit))
    }

    /// A test of the regressed ranking, before its name and slowest run are looked up.
    package struct Grown {
        /// The test's id.
        package var testID: Int64
        /// Its runs in the window.
        package var runs: TestDurations
        /// Their median.
        package var p50: Double
        /// The median of the window before.
        package var base: Double
        /// Timed runs in the window before.
        package var previousRuns: Int

        /// The answer, with the test's identity and slowest run as the backend found them.
        package func answer(test: TestIdentity, slowestRun: TestRunReference) -> RegressedTest {
            RegressedTest(
                test: test, previousP50Seconds: base, p50Seconds: p50, changePercent: base > 0 ? (p50 - base) / base * 100 : 100,
                previousRuns: previousRuns, runs: runs.values.count, lastSeenAt: runs.lastSeen, slowestRun: slowestRun)
        }
    }

    /// Tests whose median in `recent` is at least `minChangePercent` and `minChangeSeconds`
    /// above their median in `older`, with `minRuns` timed runs in each (both thresholds: a
    /// 2 ms test taking 4 ms doubled, and nobody waits on it); the largest growth first, at
    /// most `limit`.
    package static func regressed(recent: [Int64: TestDurations], older: [Int64: TestDurations], query: TestMetricsQuery, limit: Int) -> [Grown] {
        let minRuns = query.boundedMinRuns
        var found: [Grown] = []
        for (id, runs) in recent where runs.values.count >= minRuns {
            guard let earlier = older[id], earlier.values.count >= minRuns,
                  let p50 = Percentiles.median(runs.values), let base = Percentiles.median(earlier.values)
            else { continue }
            let growth = p50 - base
            guard growth >= query.minChangeSeconds, base > 0 ? growth / base * 100 >= query.minChangePercent : growth > 0 else { continue }
            found.append(Grown(testID: id, runs: runs, p50: p50, base: base, previousRuns: earlier.values.count))
        }
        found.sort { ($0.p50 - $0.base, $1.testID) > ($1.p50 - $1.base, $0.testID) }
        return Array(found.prefix(limit))
    }
}
