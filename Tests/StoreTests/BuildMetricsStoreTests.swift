import BuildMetrics
import Core
import Foundation
@testable import Store
@testable import StorePostgres
import Testing

/// Rollups, regressions and retention through `BuildMetricsStore`, on every backend.
@Suite("Build metrics in the store: rollups, regressions, retention")
struct BuildMetricsStoreTests {
    /// The store protocol the suite exercises.
    typealias Database = any BuildMetricsStore & OutboxStore & NotableEventStore
    /// Noon UTC, so day arithmetic in the tests is plain.
    let now = Date(timeIntervalSince1970: 1_763_726_400)

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
    private func series(
        _ database: Database, count: Int, spacing: Double = 6, endingAgo: TimeInterval, pipeline: String = "pr", value: (Int) -> Double
    ) async throws {
        for index in 0..<count {
            let ago = endingAgo + Double(index) * spacing * 3_600 + 60
            _ = try await database.insertBuildReport(report(value(index), ago: ago, pipeline: pipeline), source: .api, waitedOn: true, now: now)
        }
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

    @Test("a step change in build time is recorded once, announced in the outbox and the feed", arguments: StoreBackend.available)
    func stepChangeFiresOnce(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            // 14 days at about 100 s, then 3 days at about 150 s (four builds a day).
            try await series(database, count: 12, endingAgo: 0) { 150 + Double($0 % 3) }
            try await series(database, count: 56, endingAgo: 3 * 86_400) { 100 + Double($0 % 5) }
            let settings = RegressionSettings()
            let opened = try await database.evaluateRegressions(settings, now: now)
            #expect(opened.count == 1)
            let regression = try #require(opened.first)
            #expect(regression.metric == "duration")
            #expect(regression.seriesKey == "acme/ios-app · pr · ios")
            #expect(regression.changePercent > 40 && regression.changePercent < 60)
            // Later evaluations of the same state record nothing new.
            #expect(try await database.evaluateRegressions(settings, now: now).isEmpty)
            #expect(try await database.evaluateRegressions(settings, now: now.addingTimeInterval(600)).isEmpty)
            let listed = try await database.regressions(openOnly: true, limit: 10)
            #expect(listed.map(\.id) == [regression.id])
            #expect(listed.first?.baselineMedian == regression.baselineMedian && listed.first?.recentSamples == regression.recentSamples)
            let messages = try await database.claimDueMessages(kinds: [RegressionAnnouncement.kind], now: now, limit: 10, lease: .seconds(60))
            #expect(messages.count == 1)
            #expect(try await database.notableEvents(limit: 10).filter { $0.kind == "metrics.regression" }.count == 1)

            // Back to about 100 s for three days: the regression closes, and a new rise opens another.
            try await series(database, count: 12, endingAgo: -3 * 86_400 + 120) { 100 + Double($0 % 5) }
            let later = now.addingTimeInterval(3 * 86_400)
            #expect(try await database.evaluateRegressions(settings, now: later).isEmpty)
            #expect(try await database.regressions(openOnly: true, limit: 10).isEmpty)
            #expect(try await database.regressions(openOnly: false, limit: 10).first?.resolvedAt != nil)
        }
    }

    @Test("a regression already recorded today is neither recorded nor announced again, even when its series' state was lost", arguments: StoreBackend.available)
    func recordedOncePerDay(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            try await series(database, count: 12, endingAgo: 0) { 150 + Double($0 % 3) }
            try await series(database, count: 56, endingAgo: 3 * 86_400) { 100 + Double($0 % 5) }
            #expect(try await database.evaluateRegressions(RegressionSettings(), now: now).count == 1)
            // As if another server evaluated from the state before this one's write.
            try await store.execute(sqlite: "UPDATE metricSeries SET isRegressed = 0", postgres: "UPDATE metric_series SET is_regressed = false")
            #expect(try await database.evaluateRegressions(RegressionSettings(), now: now.addingTimeInterval(60)).isEmpty)
            #expect(try await database.regressions(openOnly: false, limit: 10).count == 1)
            #expect(try await store.rows(of: "outbox") == 1)
            #expect(try await database.notableEvents(limit: 10).filter { $0.kind == "metrics.regression" }.count == 1)
        }
    }

    @Test("noise around a steady median does not fire, and too few builds decide nothing", arguments: StoreBackend.available)
    func noiseDoesNotFire(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            try await series(database, count: 68, endingAgo: 0) { index in [80, 120, 95, 105, 140, 60][index % 6] }
            try await series(database, count: 4, endingAgo: 0, pipeline: "rare") { _ in 500 }
            #expect(try await database.evaluateRegressions(RegressionSettings(), now: now).isEmpty)
            #expect(try await database.regressions(openOnly: false, limit: 10).isEmpty)
        }
    }

    @Test("a falling cache hit rate is a regression of its own metric", arguments: StoreBackend.available)
    func cacheHitRateRegression(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            func tasks(hits: Int) -> [TaskRecord] {
                (0..<10).map { TaskRecord(name: ":t\($0)", outcome: $0 < hits ? .fromCache : .executed, cacheKind: .remote) }
            }
            for index in 0..<9 {
                _ = try await database.insertBuildReport(
                    report(100, ago: Double(index) * 8 * 3_600 + 60, tasks: tasks(hits: 3)), source: .api, waitedOn: false, now: now)
            }
            for index in 0..<42 {
                _ = try await database.insertBuildReport(
                    report(100, ago: 3 * 86_400 + Double(index) * 8 * 3_600 + 60, tasks: tasks(hits: 9)), source: .api, waitedOn: false, now: now)
            }
            var settings = RegressionSettings()
            settings.cacheHitRate.minimumSamples = 5
            let opened = try await database.evaluateRegressions(settings, now: now)
            #expect(opened.map(\.metric) == ["cacheHitRate"])
            #expect(abs((opened.first?.recentMedian ?? 0) - 0.3) < 1e-9)
            let event = try #require(try await database.notableEvents(limit: 10).first { $0.kind == "metrics.regression" })
            #expect(event.title == "acme/ios-app · pr · ios: median cache hit rate fell 67% (90% → 30%)")
        }
    }

    // MARK: Rollups

    @Test("builds of one day and series add up in one rollup row: counts, outcomes, exact means, waited hours, task counters", arguments: StoreBackend.available)
    func rollupAddsUp(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let runs: [Double] = [100, 200, 300, 400, 500]
            for (index, run) in runs.enumerated() {
                var build = report(run, ago: Double(index + 1) * 600, outcome: index == 1 ? .failure : .success, tasks: [
                    TaskRecord(name: ":a", outcome: .fromCache, cacheKind: .remote), TaskRecord(name: ":b", outcome: index < 2 ? .executed : .upToDate),
                ])
                build.queueSeconds = Double(index)
                _ = try await database.insertBuildReport(build, source: .api, waitedOn: index < 3, now: now)
            }
            #expect(try await store.count(
                sqlite: "SELECT COUNT(*) FROM metricDailySeries", postgres: "SELECT count(*) FROM metric_daily_series") == 1)
            let summary = try await database.metricsSummary(MetricsQuery(days: 1, speedupPercent: 50), now: now)
            let current = try #require(summary.groups.first?.current)
            #expect(current.count == 5 && current.succeeded == 4 && current.failed == 1 && current.successRate == 0.8)
            #expect(current.run?.mean == 300 && current.queue?.mean == 2 && current.total?.mean == 302)
            #expect(abs((current.run?.p50 ?? 0) - 300) / 300 <= DurationHistogram.maxRelativeError)
            // Waited on: the first three, for their total time (queue included).
            #expect(summary.waiting.waitedBuilds == 3)
            #expect(abs(summary.waiting.totalHours - (100 + 201 + 302) / 3_600.0) < 1e-12)
            let cache = try await database.cacheReport(MetricsQuery(days: 1), now: now)
            #expect(cache.overall.counts.fromCache == 5 && cache.overall.counts.executed == 2 && cache.overall.counts.upToDate == 3)
            #expect(cache.overall.counts.remoteHits == 5 && cache.byBuildSystem.map(\.name) == ["xcode"])
            #expect(cache.byTask.map(\.name) == [":b", ":a"])
        }
    }

    // MARK: Retention

    @Test("pruning deletes old detail with its tasks but keeps the rollups", arguments: StoreBackend.available)
    func retentionKeepsRollups(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let tasks = [TaskRecord(name: ":app:compile", outcome: .executed), TaskRecord(name: ":app:test", outcome: .fromCache)]
            for ago in [100.0, 95, 91] {
                var old = report(60, ago: ago * 86_400, tasks: tasks)
                old.steps = [StepRecord(name: "build", durationSeconds: 60, outcome: .success)]
                _ = try await database.insertBuildReport(old, source: .api, waitedOn: false, now: now)
            }
            _ = try await database.insertBuildReport(report(60, ago: 86_400, tasks: tasks), source: .api, waitedOn: false, now: now)
            #expect(try await store.rows(of: "metricStep") == 3)
            let cutoff = now.addingTimeInterval(-90 * 86_400)
            #expect(try await database.pruneBuildReports(finishedBefore: cutoff, limit: 2) == 2)
            #expect(try await database.pruneBuildReports(finishedBefore: cutoff, limit: 2) == 1)
            #expect(try await database.pruneBuildReports(finishedBefore: cutoff, limit: 2) == 0)
            #expect(try await store.rows(of: "metricBuild") == 1)
            #expect(try await store.rows(of: "metricTask") == 2)
            #expect(try await store.rows(of: "metricStep") == 0)
            let summary = try await database.metricsSummary(MetricsQuery(days: 120), now: now)
            #expect(summary.groups.first?.current.count == 4)
            let cache = try await database.cacheReport(MetricsQuery(days: 120), now: now)
            #expect(cache.overall.counts.fromCache == 4)
            // Per-task figures come from detail, which only the newest build still has.
            #expect(cache.byTask.first.map { $0.rates.counts.executed + $0.rates.counts.fromCache } == 1)
        }
    }

    @Test("the same job or the same external id is stored once", arguments: StoreBackend.available)
    func duplicates(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let first = try await database.insertBuildReport(report(10, ago: 60), source: .job(7, build: 3), waitedOn: true, now: now)
            let again = try await database.insertBuildReport(report(10, ago: 60), source: .job(7, build: 3), waitedOn: true, now: now)
            #expect(first.created && !again.created && first.id == again.id)
            var external = report(10, ago: 60)
            external.id = "jenkins-42"
            await #expect(try database.insertBuildReport(external, source: .api, waitedOn: false, now: now).created)
            await #expect(try !database.insertBuildReport(external, source: .api, waitedOn: false, now: now).created)
            // The job's report is a breakdown of its build, which counts when it finishes.
            #expect(try await database.metricsSummary(MetricsQuery(), now: now).groups.first?.current.count == 1)
        }
    }

    @Test("reports written together each get their own answer; a repeat inside the batch is not stored twice", arguments: StoreBackend.available)
    func batch(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
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
            #expect(try await database.metricsSummary(MetricsQuery(), now: now).groups.first?.current.count == 1)
        }
    }

    @Test("two servers on one PostgreSQL database: the same report stored once; a day's rollup row made by one is added to by the other", .enabled(if: StoreBackend.postgresURL != nil))
    func twoServers() async throws {
        try await StoreBackend.postgres.withFreshStore { store async throws in
            let first = try #require(store.postgres)
            let place = first.location
            let other = try await PostgresAppDatabase.open(
                url: "postgres://\(place.username)@\(place.host):\(place.port)/\(place.database)?sslmode=\(place.tls.rawValue)")
            do {
                let servers: [any BuildMetricsStore] = [first, other]
                var posted = report(10, ago: 60)
                posted.id = "ci-42"
                let external = posted
                let answers = try await withThrowingTaskGroup(of: [StoredReport].self) { group in
                    for index in 0..<8 {
                        let server = servers[index % 2], now = self.now
                        let job = report(20, ago: 120)
                        group.addTask {
                            [try await server.insertBuildReport(job, source: .job(7, build: 3), waitedOn: true, now: now),
                             try await server.insertBuildReport(external, source: .api, waitedOn: false, now: now)]
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.map { $0[0] }.filter(\.created).count == 1 && Set(answers.map { $0[0].id }).count == 1)
                #expect(answers.map { $0[1] }.filter(\.created).count == 1 && Set(answers.map { $0[1].id }).count == 1)

                // One server makes a day's rollup row and holds its transaction open while the other
                // adds a build of the same day: the other's insert waits, finds the row made, and
                // adds to it (read again, locked) rather than overwriting it.
                let (made, signal) = AsyncStream<Void>.makeStream()
                let row = MetricBuildRow.report(report(100, ago: 3_600, pipeline: "race"), source: .api, waitedOn: true, now: now)
                let holder = Task {
                    try await first.write { connection in
                        try await first.insertMetricRow(row, on: connection)
                        signal.yield()
                        try await Task.sleep(for: .milliseconds(500))
                    }
                }
                for await _ in made { break }
                _ = try await other.insertBuildReport(report(101, ago: 3_600, pipeline: "race"), source: .api, waitedOn: true, now: now)
                try await holder.value
                // The per-branch table is the one the waiting insert met first (the series table
                // it reached after the holder had committed).
                for query in [MetricsQuery(days: 1, pipeline: "race"), MetricsQuery(days: 1, pipeline: "race", branch: "main")] {
                    let race = try #require(try await first.metricsSummary(query, now: now).groups.first?.current)
                    #expect(race.count == 2 && race.run?.mean == 100.5)
                    #expect(race.run?.p50 != nil, "the histograms hold both builds too")
                }
            } catch {
                await other.close()
                throw error
            }
            await other.close()
        }
    }

    @Test("a report of thousands of tasks is stored whole: every task row, the rollup's counters and the per-task figures", arguments: StoreBackend.available)
    func manyTasks(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let tasks = (0..<5_000).map { index in
                TaskRecord(
                    name: ":m\(index % 50):t\(index)", target: index % 3 == 0 ? nil : "m\(index % 50)", durationSeconds: index % 7 == 0 ? nil : 0.5,
                    outcome: index % 4 == 0 ? .fromCache : .executed, cacheKind: index % 8 == 0 ? .local : .remote)
            }
            let stored = try await database.insertBuildReport(report(600, ago: 60, tasks: tasks), source: .api, waitedOn: true, now: now)
            #expect(stored.created)
            #expect(try await store.rows(of: "metricTask") == 5_000)
            let cache = try await database.cacheReport(MetricsQuery(days: 1), now: now)
            #expect(cache.overall.counts.fromCache == 1_250 && cache.overall.counts.executed == 3_750)
            #expect(cache.overall.counts.localHits == 625 && cache.overall.counts.remoteHits == 625)
            #expect(cache.byTarget.count == 20 && cache.byTarget.contains { $0.name == "(none)" })
        }
    }
}
