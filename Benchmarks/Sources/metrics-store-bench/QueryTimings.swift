import ChildProcesses
import Foundation
import Logging
import Store
import StoreCopy
import StorePostgres

/// The read goals on one store through the protocol the server uses, so SQLite and PostgreSQL
/// are timed on the same path: `summary` and `dashboard` p95 < 100 ms over 1,000,000 builds.
enum QueryTimings {
    /// Runs every query (once to warm caches, then `times` timed) and prints a line each.
    /// - Returns: The p95 of each query, in milliseconds, by name.
    static func run(on store: any BuildMetricsStore, builds: Int, now: Date, backend: String) async throws -> [(String, Double)] {
        print("queries on \(backend) with \(builds) builds stored:")
        var results: [(String, Double)] = []
        func time(_ name: String, times: Int = 100, _ body: () async throws -> Void) async throws {
            var timings = Timings()
            try await body()
            for _ in 0..<times { try await timings.measureAsync(body) }
            print("  " + timings.line(name) + (name.hasPrefix("summary") || name.hasPrefix("dashboard") ? "  (goal p95 < 100 ms)" : ""))
            results.append((name, timings.percentile(95)))
        }
        try await time("summary window=7d") { _ = try await store.metricsSummary(MetricsQuery(days: 7), now: now) }
        try await time("summary window=30d groupBy=pipeline") { _ = try await store.metricsSummary(MetricsQuery(days: 30, groupBy: .pipeline), now: now) }
        try await time("summary 90d repository= groupBy=branch") {
            _ = try await store.metricsSummary(MetricsQuery(days: 90, repository: "acme/app-1", groupBy: .branch, speedupPercent: 20), now: now)
        }
        try await time("dashboard (snapshot + regressions)") {
            _ = try await store.dashboardSnapshot(now: now)
            _ = try await store.regressions(openOnly: true, limit: 50)
        }
        try await time("cache window=1d (task detail)", times: 10) { _ = try await store.cacheReport(MetricsQuery(days: 1), now: now) }
        try await time("regression evaluation pass", times: 3) { _ = try await store.evaluateRegressions(RegressionSettings(), now: now) }
        return results
    }

    /// Copies the SQLite file into a new database on the PostgreSQL server `serverURL` names
    /// (with `migrate-data`'s copy, so both hold the very same rows), then times the queries there.
    static func runOnPostgres(serverURL: String, copying file: String, builds: Int, now: Date) async throws -> [(String, Double)] {
        let name = "metrics_bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql(serverURL, "CREATE DATABASE \(name) TEMPLATE template0")
        defer { try? psql(serverURL, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        var components = URLComponents(string: serverURL)
        components?.path = "/" + name
        let url = components?.string ?? serverURL
        print("copying the SQLite file into PostgreSQL (migrate-data's copy)")
        let start = ContinuousClock.now
        _ = try await SQLiteToPostgresCopy(from: file, to: url, logger: Logger(label: "metrics-store-bench")).run()
        print("  copied in \(ContinuousClock.now - start)")
        try psql(url, "VACUUM ANALYZE")
        let database = try await PostgresAppDatabase.open(url: url)
        do {
            let results = try await run(on: database, builds: builds, now: now, backend: "PostgreSQL")
            await database.close()
            return results
        } catch {
            await database.close()
            throw error
        }
    }

    /// Runs one statement with psql (`make bench` installs it with the server).
    static func psql(_ url: String, _ sql: String) throws {
        let output = try Command.run(.command("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", sql]))
        guard output.status == .exited(0) else { throw BenchFailure(message: "psql: \(output.errorText)") }
    }
}

/// A benchmark step that could not run.
struct BenchFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
