import BuildMetrics
import Foundation
import Store
import StoreSQLite

// Build metrics store goals (issue 5), through the Store API in one process:
//   ingest ≥ 500 reports/s of 200 tasks each, sustained;
//   with 1,000,000 builds stored, `summary` and `dashboard` p95 < 100 ms, on SQLite and (when
//   MOBILE_OPS_BENCH_POSTGRES_URL names a PostgreSQL server, as `make bench` does) on a
//   PostgreSQL copy of the same rows, side by side.
// Usage: swift run -c release metrics-store-bench [builds=1000000] [ingest=3000]
//        swift run -c release metrics-store-bench http PATH/TO/mobile-ops-server [reports=3000]

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "http" {
    let reports = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 3_000
    try await HTTPIngest.run(binary: CommandLine.arguments[2], reports: reports, concurrency: 32)
    exit(0)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let totalBuilds = arguments.first ?? 1_000_000
let ingestReports = arguments.dropFirst().first ?? 3_000
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-store-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let now = Date()
// The SQLite part in a block of its own: the database (and its file lock) is released at its
// end, so the PostgreSQL pass can copy the file.
let sqliteTimings: [(String, Double)]
do {
let database = try AppDatabase.open(path: folder.appendingPathComponent("bench.sqlite").path)
var workload = Workload(seed: 42)

// MARK: Ingest: one report (200 tasks) per transaction, as the API and agents store them.

print("ingest: \(ingestReports) reports × 200 tasks, one transaction each")
let reports = (0..<ingestReports).map { index in
    workload.report(finishedAt: now.addingTimeInterval(-Double(index) * 30), taskCount: 200)
}
var rounds: [Double] = []
let roundSize = max(1, ingestReports / 3)
for round in 0..<3 {
    let start = ContinuousClock.now
    for report in reports[(round * roundSize)..<min(reports.count, (round + 1) * roundSize)] {
        _ = try await database.insertBuildReport(report, source: .api, waitedOn: report.dimensions.pipeline == "pr", now: now)
    }
    let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18 + Double((ContinuousClock.now - start).components.seconds)
    rounds.append(Double(roundSize) / seconds)
}
print("  reports/s per round: " + rounds.map { String(format: "%.0f", $0) }.joined(separator: ", ") + "  (goal ≥ 500)")

// What the HTTP path adds per report: decoding and validating the JSON body.
let encoded = try reports.prefix(500).map { try $0.encoded() }
let decodeStart = ContinuousClock.now
for data in encoded { _ = try BuildReport.decode(data) }
let decodeTime = ContinuousClock.now - decodeStart
print(String(format: "  JSON decode + validate: %.2f ms per report",
             (Double(decodeTime.components.seconds) * 1000 + Double(decodeTime.components.attoseconds) / 1e15) / Double(encoded.count)))

// MARK: Bulk load to the target size, spread over 90 days, 4 tasks each.

let remaining = max(0, totalBuilds - ingestReports)
print("bulk load: \(remaining) more builds over 90 days (batches of 20,000 per transaction)")
let loadStart = ContinuousClock.now
var loaded = 0
while loaded < remaining {
    let count = min(20_000, remaining - loaded)
    let batch = (0..<count).map { _ in
        let report = workload.report(finishedAt: now.addingTimeInterval(-workload.uniform() * 90 * 86_400), taskCount: 4)
        return BuildReportImport(report: report, waitedOn: report.dimensions.pipeline == "pr")
    }
    _ = try await database.importBuildReports(batch, now: now)
    loaded += count
    if loaded % 200_000 == 0 { print("  \(loaded) loaded") }
}
print(String(format: "  loaded in %.1f s", Double((ContinuousClock.now - loadStart).components.seconds)))

// MARK: Queries on the real paths, on SQLite, then on a PostgreSQL copy of the same rows.

sqliteTimings = try await QueryTimings.run(on: database, builds: totalBuilds, now: now, backend: "SQLite")
}
if let serverURL = ProcessInfo.processInfo.environment["MOBILE_OPS_BENCH_POSTGRES_URL"], !serverURL.isEmpty {
    let postgresTimings = try await QueryTimings.runOnPostgres(
        serverURL: serverURL, copying: folder.appendingPathComponent("bench.sqlite").path, builds: totalBuilds, now: now)
    print("PostgreSQL p95 / SQLite p95 (same run):")
    for ((name, sqliteP95), (_, postgresP95)) in zip(sqliteTimings, postgresTimings) {
        print("  " + name.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%8.2f ms / %8.2f ms = %.2f×", postgresP95, sqliteP95, postgresP95 / max(sqliteP95, 0.001)))
    }
}
