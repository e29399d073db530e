import Foundation
import BuildMetrics
import Testing

/// A small history with hand-computed answers (see the comments next to each expectation).
@Suite("aggregation")
struct AggregationTests {
    static let now = Date(timeIntervalSince1970: 1_763_683_200) // 2025-11-21T00:00:00Z
    static let day: TimeInterval = 86_400

    /// Current week: 10 builds of 100…1000 s (queue 10…100 s), 8 success, 1 failure, 1 canceled.
    /// Previous week: 4 successful builds of 100…400 s.
    static var history: [BuildSample] {
        let current = (1...10).map { (index: Int) -> BuildSample in
            let outcome: BuildOutcome = index == 3 ? .failure : index == 7 ? .canceled : .success
            let finished = now.addingTimeInterval(-Double(index) * 3_600)
            return BuildSample(finishedAt: finished, durationSeconds: Double(index * 100), queueSeconds: Double(index * 10), outcome: outcome)
        }
        let previous = (1...4).map { index in
            BuildSample(finishedAt: now.addingTimeInterval(-8 * day - Double(index) * 3_600), durationSeconds: Double(index * 100), outcome: .success)
        }
        return current + previous
    }

    @Test("nearest-rank percentiles and the classical median")
    func percentiles() {
        let values = (1...10).map { Double($0 * 100) }
        #expect(Percentiles.nearestRank(values, 50) == 500)   // rank ⌈5⌉ = 5
        #expect(Percentiles.nearestRank(values, 90) == 900)   // rank ⌈9⌉ = 9
        #expect(Percentiles.nearestRank(values, 95) == 1_000) // rank ⌈9.5⌉ = 10
        #expect(Percentiles.nearestRank([], 50) == nil)
        #expect(Percentiles.median([4, 1, 3, 2]) == 2.5)
        #expect(Percentiles.median([3, 1, 2]) == 2)
    }

    @Test("window summary: count, success rate without canceled builds, percentiles")
    func summary() throws {
        let stats = BuildStatistics(samples: Self.history, window: DateInterval(start: Self.now.addingTimeInterval(-7 * Self.day), end: Self.now))
        #expect(stats.count == 10)
        #expect((stats.succeeded, stats.failed, stats.canceled) == (8, 1, 1))
        #expect(stats.successRate == 8.0 / 9.0)
        let duration = try #require(stats.duration)
        #expect((duration.p50, duration.p90, duration.p95, duration.mean, duration.max) == (500, 900, 1_000, 550, 1_000))
        #expect(stats.queue?.p50 == 50)
    }

    @Test("a window compared with the previous one")
    func comparison() throws {
        let comparison = WindowComparison(samples: Self.history, now: Self.now, length: 7 * Self.day)
        #expect(comparison.previous.count == 4)
        #expect(comparison.previous.duration?.p50 == 200) // rank ⌈2⌉ of 100…400
        #expect(comparison.previous.duration?.p90 == 400) // rank ⌈3.6⌉ = 4
        #expect(comparison.countChangePercent == 150)     // 4 → 10
        #expect(comparison.p50ChangePercent == 150)       // 200 → 500
        #expect(comparison.p90ChangePercent == 125)       // 400 → 900
        #expect(comparison.p95ChangePercent == 150)       // 400 → 1000
        let points = try #require(comparison.successRateChangePoints)
        #expect(abs(points - (8.0 / 9.0 - 1) * 100) < 1e-9) // 100 % → 88.9 %
        let empty = WindowComparison(samples: [], now: Self.now, length: -5)
        #expect(empty.current.count == 0 && empty.p50ChangePercent == nil)
    }

    @Test("cache hit rate excludes up-to-date work; failures are misses")
    func cache() {
        var tasks: [TaskRecord] = []
        tasks += Array(repeating: TaskRecord(name: ":a", outcome: .executed), count: 2)
        tasks.append(TaskRecord(name: ":b", outcome: .executed))
        tasks.append(TaskRecord(name: ":b", outcome: .failed))
        tasks.append(TaskRecord(name: ":a", outcome: .fromCache, cacheKind: .local))
        tasks += Array(repeating: TaskRecord(name: ":c", outcome: .fromCache, cacheKind: .remote), count: 2)
        tasks.append(TaskRecord(name: ":d", outcome: .fromCache))
        tasks += Array(repeating: TaskRecord(name: ":e", outcome: .upToDate), count: 5)
        tasks += Array(repeating: TaskRecord(name: ":f", outcome: .noSource), count: 2)
        tasks.append(TaskRecord(name: ":g", outcome: .skipped))
        let stats = CacheStatistics(tasks: tasks)
        #expect(stats.hitRate == 0.5)              // 4 / (3 + 1 + 4)
        #expect(stats.localHitRate == 1.0 / 8.0)
        #expect(stats.remoteHitRate == 2.0 / 8.0)
        #expect(stats.avoidanceRate == 9.0 / 13.0) // (4 + 5) / (3 + 1 + 4 + 5)
        let worst = TaskCacheStatistics.byTask(tasks, limit: 3)
        #expect(worst.map(\.name) == [":a", ":b", ":c"])
        #expect(worst.map(\.misses) == [2, 2, 0])
        #expect(CacheStatistics(tasks: []).hitRate == nil)
    }

    @Test("cost of waiting: queue + run of waited-on builds, by day and week; monthly savings")
    func waiting() throws {
        let nov20 = Date(timeIntervalSince1970: 1_763_596_800) // 2025-11-20T00:00:00Z, a Thursday
        let samples = [
            BuildSample(finishedAt: nov20.addingTimeInterval(10 * 3_600), durationSeconds: 1_800, queueSeconds: 600, outcome: .success),
            BuildSample(finishedAt: nov20.addingTimeInterval(12 * 3_600), durationSeconds: 3_600, outcome: .failure),
            BuildSample(finishedAt: nov20.addingTimeInterval(13 * 3_600), durationSeconds: 7_200, outcome: .success, waitedOn: false),
            BuildSample(finishedAt: nov20.addingTimeInterval(33 * 3_600), durationSeconds: 900, queueSeconds: 900, outcome: .success),
        ]
        #expect(abs(WaitingCost.developerHours(samples) - 13.0 / 6.0) < 1e-9) // (2400 + 3600 + 1800) s
        let days = WaitingCost.perDay(samples)
        #expect(days.map(\.start) == [nov20, nov20.addingTimeInterval(Self.day)])
        #expect(days.map(\.builds) == [2, 1])
        #expect(abs(days[0].hours - 5.0 / 3.0) < 1e-9 && abs(days[1].hours - 0.5) < 1e-9)
        let weeks = WaitingCost.perWeek(samples)
        #expect(weeks.count == 1)
        #expect(weeks.first?.start == nov20.addingTimeInterval(-3 * Self.day)) // Monday 17 November
        // 6300 s of waited-on run time over 2 days, 50 % faster: 1575 s/day · 30 = 13.125 h.
        let period = DateInterval(start: nov20, duration: 2 * Self.day)
        #expect(WaitingCost.monthlySavings(samples, over: period, speedUpPercent: 50) == 13.125)
        #expect(WaitingCost.monthlySavings(samples, over: period, speedUpPercent: -10) == 0)
    }

    @Test("a report becomes a sample")
    func sample() throws {
        let report = try BuildReport.decode(try Fixture.data("build-report.json"))
        let sample = try #require(BuildSample(report, waitedOn: true))
        #expect(sample.durationSeconds == 750.5)
        #expect(sample.queueSeconds == 42.5)
        #expect(sample.dimensions.repository == "acme/android-app")
    }
}
