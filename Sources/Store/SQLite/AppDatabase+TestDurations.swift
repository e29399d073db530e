import BuildMetrics
import Foundation
import GRDB

// MARK: - Test durations

/// One test's timed runs in a window.
private struct TestDurations {
    var values: [Double] = []
    var lastSeen = Date.distantPast
    var slowest = 0.0
    var slowestRun: Int64 = 0

    mutating func add(_ seconds: Double, at date: Date, run: Int64) {
        values.append(seconds)
        if date > lastSeen { lastSeen = date }
        if seconds >= slowest {
            slowest = seconds
            slowestRun = run
        }
    }

    var sorted: [Double] { values.sorted() }
}

extension AppDatabase {
    /// The tests with the highest median in the window. A run's duration is its attempts'
    /// total divided by its attempts; skipped runs and runs without a time are left out.
    public func slowestTests(_ query: TestMetricsQuery, now: Date) throws(StoreError) -> SlowestTestsReport {
        try read { db in
            let (current, _) = MetricsCalendar.windows(MetricsQuery(days: query.days), now: now)
            let window = MetricsCalendar.window(current, now: now)
            let durations = try Self.durations(query, from: window.start, to: MetricsCalendar.date(ofDay: current.upperBound + 1), in: db)
            let ranked = durations.compactMap { id, runs -> (Int64, TestDurations, Double)? in
                Percentiles.nearestRank(runs.sorted, 50).map { (id, runs, $0) }
            }.sorted { ($0.2, $1.0) > ($1.2, $0.0) }.prefix(Self.testLimit(query))
            let tests = try ranked.map { id, runs, p50 in
                let sorted = runs.sorted
                return SlowTest(
                    test: try Self.identity(id, in: db), runs: sorted.count, p50Seconds: p50,
                    p90Seconds: Percentiles.nearestRank(sorted, 90) ?? p50, maxSeconds: sorted.last ?? p50, lastSeenAt: runs.lastSeen,
                    slowestRun: try Self.run(runs.slowestRun, in: db))
            }
            return SlowestTestsReport(window: window, tests: tests)
        }
    }

    /// Tests whose median in the window is at least `minChangePercent` and `minChangeSeconds`
    /// above the median of the window before, with `minRuns` timed runs in each.
    public func regressedTests(_ query: TestMetricsQuery, now: Date) throws(StoreError) -> RegressedTestsReport {
        try read { db in
            let (current, previous) = MetricsCalendar.windows(MetricsQuery(days: query.days), now: now)
            let window = MetricsCalendar.window(current, now: now), before = MetricsCalendar.window(previous, now: now)
            let recent = try Self.durations(query, from: window.start, to: MetricsCalendar.date(ofDay: current.upperBound + 1), in: db)
            let older = try Self.durations(query, from: before.start, to: window.start, in: db)
            let minRuns = max(query.minRuns, 1)
            var found: [(Int64, TestDurations, Double, Double)] = []
            for (id, runs) in recent where runs.values.count >= minRuns {
                guard let earlier = older[id], earlier.values.count >= minRuns,
                      let p50 = Percentiles.median(runs.values), let base = Percentiles.median(earlier.values)
                else { continue }
                let growth = p50 - base
                guard growth >= query.minChangeSeconds, base > 0 ? growth / base * 100 >= query.minChangePercent : growth > 0 else { continue }
                found.append((id, runs, p50, base))
            }
            found.sort { ($0.2 - $0.3, $1.0) > ($1.2 - $1.3, $0.0) }
            let tests = try found.prefix(Self.testLimit(query)).map { id, runs, p50, base in
                RegressedTest(
                    test: try Self.identity(id, in: db), previousP50Seconds: base, p50Seconds: p50,
                    changePercent: base > 0 ? (p50 - base) / base * 100 : 100, previousRuns: older[id]?.values.count ?? 0,
                    runs: runs.values.count, lastSeenAt: runs.lastSeen, slowestRun: try Self.run(runs.slowestRun, in: db))
            }
            return RegressedTestsReport(
                window: window, previousWindow: before, minRuns: minRuns, minChangePercent: query.minChangePercent,
                minChangeSeconds: query.minChangeSeconds, tests: tests)
        }
    }

    // MARK: Reading

    /// Timed, non-skipped runs per test from `start` up to (not including) `end`, in one pass
    /// over the window's rows. Windows are whole UTC days, so the current one ends at midnight.
    private static func durations(_ query: TestMetricsQuery, from start: Date, to end: Date, in db: Database) throws -> [Int64: TestDurations] {
        let rows = try Row.fetchCursor(
            db, sql: """
                SELECT c.testID, c.durationSeconds / c.attempts AS seconds, c.finishedAt, c.runID
                FROM metricTestCase c \(query.repository == nil ? "" : "JOIN metricTest t ON t.id = c.testID AND t.repository = ?")
                WHERE c.finishedAt >= ? AND c.finishedAt < ? AND c.durationSeconds IS NOT NULL AND c.outcome <> 'skipped'
                """,
            arguments: StatementArguments((query.repository.map { [$0] } ?? []) + [StoredDate(start), StoredDate(end)] as [any DatabaseValueConvertible]))
        var durations: [Int64: TestDurations] = [:]
        while let row = try rows.next() {
            durations[row["testID"], default: TestDurations()].add(row["seconds"], at: row[date: "finishedAt"], run: row["runID"])
        }
        return durations
    }

    /// A test's repository, suite and name.
    static func identity(_ id: Int64, in db: Database) throws -> TestIdentity {
        let row = try Row.fetchOne(db, sql: "SELECT repository, suite, name FROM metricTest WHERE id = ?", arguments: [id])
        return TestIdentity(repository: row?["repository"] ?? "", suite: row?["suite"] ?? "", name: row?["name"] ?? "")
    }

    /// The run a stored report is.
    static func run(_ reportID: Int64, in db: Database) throws -> TestRunReference {
        let row = try Row.fetchOne(
            db, sql: "SELECT \(runColumns) FROM metricTestRun r LEFT JOIN build b ON b.id = r.ciBuildID WHERE r.buildID = ?", arguments: [reportID])
        return row.map(runReference) ?? TestRunReference(reportID: reportID, finishedAt: .distantPast)
    }
}
