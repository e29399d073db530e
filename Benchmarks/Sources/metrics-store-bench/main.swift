import BuildMetrics
import Foundation
import Store

// Build metrics store goals (issue 5), through the Store API in one process:
//   ingest ≥ 500 reports/s of 200 tasks each, sustained;
//   with 1,000,000 builds stored, `summary` and `dashboard` p95 < 100 ms.
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
let database = try AppDatabase.open(path: folder.appendingPathComponent("bench.sqlite").path)
let now = Date()
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
    _ = try database.importBuildReports(batch, now: now)
    loaded += count
    if loaded % 200_000 == 0 { print("  \(loaded) loaded") }
}
print(String(format: "  loaded in %.1f s", Double((ContinuousClock.now - loadStart).components.seconds)))

// MARK: Queries on the real paths.

func run(_ name: String, times: Int = 100, _ body: () throws -> Void) throws {
    var timings = Timings()
    try body()  // warm the page cache and statement caches once
    for _ in 0..<times { try timings.measure(body) }
    print("  " + timings.line(name))
}

print("queries with \(totalBuilds) builds stored:")
try run("summary window=7d") { _ = try database.metricsSummary(MetricsQuery(days: 7), now: now) }
try run("summary window=30d groupBy=pipeline") { _ = try database.metricsSummary(MetricsQuery(days: 30, groupBy: .pipeline), now: now) }
try run("summary 90d repository= groupBy=branch") {
    _ = try database.metricsSummary(MetricsQuery(days: 90, repository: "acme/app-1", groupBy: .branch, speedupPercent: 20), now: now)
}
try run("dashboard (snapshot + regressions)") {
    _ = try database.dashboardSnapshot(now: now)
    _ = try database.regressions(openOnly: true, limit: 50)
}
try run("cache window=1d (task detail)", times: 10) { _ = try database.cacheReport(MetricsQuery(days: 1), now: now) }
try run("regression evaluation pass", times: 3) { _ = try database.evaluateRegressions(RegressionSettings(), now: now) }
