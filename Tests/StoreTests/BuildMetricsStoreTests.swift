import BuildMetrics
import Core
import Foundation
import GRDB
import Testing
@testable import Store

@Suite("Build metrics in the store: rollups, regressions, retention")
struct BuildMetricsStoreTests {
    let directory: TemporaryDirectory
    let database: AppDatabase
    /// Noon UTC, so day arithmetic in the tests is plain.
    let now = Date(timeIntervalSince1970: 1_763_726_400)

    init() throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
    }

    // MARK: Fixtures

    /// A report of `seconds` run time finished `ago` seconds before `now`.
    private func report(
        _ seconds: Double, ago: TimeInterval, repository: String = "acme/ios-app", pipeline: String = "pr",
        outcome: BuildOutcome = .success, tasks: [TaskRecord] = []
    ) -> BuildReport {
        BuildReport(
            dimensions: BuildDimensions(repository: repository, branch: "main", pipeline: pipeline, platform: .ios),
            finishedAt: now.addingTimeInterval(-ago), durationSeconds: seconds, queueSeconds: 5, outcome: outcome, tasks: tasks)
    }

    /// `count` builds `spacing` hours apart, the newest `endingAgo` before now, run time from `value(i)`.
    private func series(count: Int, spacing: Double = 6, endingAgo: TimeInterval, pipeline: String = "pr", value: (Int) -> Double) async throws {
        for index in 0..<count {
            let ago = endingAgo + Double(index) * spacing * 3_600 + 60
            _ = try await database.insertBuildReport(report(value(index), ago: ago, pipeline: pipeline), source: .api, waitedOn: true, now: now)
        }
    }

    private func count(_ sql: String) throws -> Int {
        try database.writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    // MARK: Histogram

    @Test("the rollup histogram answers percentiles within its documented error")
    func histogramError() {
        for value in [0.2, 1, 7.5, 59.9, 600, 3_599, 86_000] {
            var histogram = DurationHistogram()
            histogram.add(value)
            let answer = histogram.percentile(50) ?? 0
            #expect(abs(answer - value) / value <= DurationHistogram.maxRelativeError + 1e-9)
            #expect(DurationHistogram(encoded: histogram.encoded) == histogram)
        }
        #expect(DurationHistogram.bucket(for: -.infinity) == 0)
        #expect(DurationHistogram.bucket(for: .greatestFiniteMagnitude) == DurationHistogram.maxBucket)
        #expect(DurationHistogram(encoded: Data([1, 2, 3])).total == 0)
    }

    // MARK: Regressions

    @Test("a step change in build time is recorded once, announced in the outbox and the feed")
    func stepChangeFiresOnce() async throws {
        // 14 days at about 100 s, then 3 days at about 150 s (four builds a day).
        try await series(count: 12, endingAgo: 0) { 150 + Double($0 % 3) }
        try await series(count: 56, endingAgo: 3 * 86_400) { 100 + Double($0 % 5) }
        let settings = RegressionSettings()
        let opened = try database.evaluateRegressions(settings, now: now)
        #expect(opened.count == 1)
        let regression = try #require(opened.first)
        #expect(regression.metric == "duration")
        #expect(regression.seriesKey == "acme/ios-app · pr · ios")
        #expect(regression.changePercent > 40 && regression.changePercent < 60)
        // Later evaluations of the same state record nothing new.
        #expect(try database.evaluateRegressions(settings, now: now).isEmpty)
        #expect(try database.evaluateRegressions(settings, now: now.addingTimeInterval(600)).isEmpty)
        #expect(try database.regressions(openOnly: true, limit: 10).count == 1)
        let messages = try database.claimDueMessages(kinds: [RegressionAnnouncement.kind], now: now, limit: 10, lease: .seconds(60))
        #expect(messages.count == 1)
        #expect(try database.notableEvents(limit: 10).filter { $0.kind == "metrics.regression" }.count == 1)
    }

    @Test("noise around a steady median does not fire, and too few builds decide nothing")
    func noiseDoesNotFire() async throws {
        try await series(count: 68, endingAgo: 0) { index in [80, 120, 95, 105, 140, 60][index % 6] }
        try await series(count: 4, endingAgo: 0, pipeline: "rare") { _ in 500 }
        #expect(try database.evaluateRegressions(RegressionSettings(), now: now).isEmpty)
        #expect(try database.regressions(openOnly: false, limit: 10).isEmpty)
    }

    @Test("a falling cache hit rate is a regression of its own metric")
    func cacheHitRateRegression() async throws {
        func tasks(hits: Int) -> [TaskRecord] {
            (0..<10).map { TaskRecord(name: ":t\($0)", outcome: $0 < hits ? .fromCache : .executed, cacheKind: .remote) }
        }
        for index in 0..<9 {
            _ = try await database.insertBuildReport(report(100, ago: Double(index) * 8 * 3_600 + 60, tasks: tasks(hits: 3)), source: .api, waitedOn: false, now: now)
        }
        for index in 0..<42 {
            _ = try await database.insertBuildReport(
                report(100, ago: 3 * 86_400 + Double(index) * 8 * 3_600 + 60, tasks: tasks(hits: 9)), source: .api, waitedOn: false, now: now)
        }
        var settings = RegressionSettings()
        settings.cacheHitRate.minimumSamples = 5
        let opened = try database.evaluateRegressions(settings, now: now)
        #expect(opened.map(\.metric) == ["cacheHitRate"])
        #expect(abs((opened.first?.recentMedian ?? 0) - 0.3) < 1e-9)
    }

    // MARK: Retention

    @Test("pruning deletes old detail with its tasks but keeps the rollups")
    func retentionKeepsRollups() async throws {
        let tasks = [TaskRecord(name: ":app:compile", outcome: .executed), TaskRecord(name: ":app:test", outcome: .fromCache)]
        for ago in [100.0, 95, 91] {
            _ = try await database.insertBuildReport(report(60, ago: ago * 86_400, tasks: tasks), source: .api, waitedOn: false, now: now)
        }
        _ = try await database.insertBuildReport(report(60, ago: 86_400, tasks: tasks), source: .api, waitedOn: false, now: now)
        let cutoff = now.addingTimeInterval(-90 * 86_400)
        #expect(try database.pruneBuildReports(finishedBefore: cutoff, limit: 2) == 2)
        #expect(try database.pruneBuildReports(finishedBefore: cutoff, limit: 2) == 1)
        #expect(try database.pruneBuildReports(finishedBefore: cutoff, limit: 2) == 0)
        #expect(try count("SELECT COUNT(*) FROM metricBuild") == 1)
        #expect(try count("SELECT COUNT(*) FROM metricTask") == 2)
        let summary = try database.metricsSummary(MetricsQuery(days: 120), now: now)
        #expect(summary.groups.first?.current.count == 4)
        let cache = try database.cacheReport(MetricsQuery(days: 120), now: now)
        #expect(cache.overall.counts.fromCache == 4)
        // Per-task figures come from detail, which only the newest build still has.
        #expect(cache.byTask.first.map { $0.rates.counts.executed + $0.rates.counts.fromCache } == 1)
    }

    @Test("the same job or the same external id is stored once")
    func duplicates() async throws {
        let first = try await database.insertBuildReport(report(10, ago: 60), source: .job(7, build: 3), waitedOn: true, now: now)
        let again = try await database.insertBuildReport(report(10, ago: 60), source: .job(7, build: 3), waitedOn: true, now: now)
        #expect(first.created && !again.created && first.id == again.id)
        var external = report(10, ago: 60)
        external.id = "jenkins-42"
        await #expect(try database.insertBuildReport(external, source: .api, waitedOn: false, now: now).created)
        await #expect(try !database.insertBuildReport(external, source: .api, waitedOn: false, now: now).created)
        // The job's report is a breakdown of its build, which counts when it finishes.
        #expect(try database.metricsSummary(MetricsQuery(), now: now).groups.first?.current.count == 1)
    }

    @Test("reports written together each get their own answer; a repeat inside the batch is not stored twice")
    func batch() async throws {
        var external = report(10, ago: 60)
        external.id = "ci-7"
        let writes = [
            BuildReportWrite(report: report(20, ago: 120), source: .job(1, build: 1), waitedOn: true, now: now),
            BuildReportWrite(report: external, source: .api, waitedOn: false, now: now),
            BuildReportWrite(report: external, source: .api, waitedOn: false, now: now),
        ]
        let results = try await database.insertBuildReports(writes).map { try $0.get() }
        #expect(results.map(\.created) == [true, true, false])
        #expect(results[1].id == results[2].id)
        #expect(try database.metricsSummary(MetricsQuery(), now: now).groups.first?.current.count == 1)
    }
}
