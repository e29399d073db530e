import Foundation
import Impact
import ModuleGraphGenerator

// Impact analysis at scale: 10,000 modules, 50,000 edges, 200,000 files, written as the JSON
// module-graph format, then loaded, indexed and queried. Run in release mode:
//   swift run -c release impact-bench [baseline-files]
// Targets (issue 6): load < 500 ms, select 100 files < 20 ms, peak RSS < 300 MB.

/// CPU time of this thread, so figures stay meaningful on a machine shared with other builds.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

var cpuTimes: [String: [Double]] = [:]

/// Wall-clock milliseconds of `body`; its thread CPU milliseconds are recorded under `label`.
@MainActor func milliseconds(_ label: String = "", _ body: () throws -> Void) rethrows -> Double {
    let cpuStart = threadCPUNanoseconds()
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    cpuTimes[label, default: []].append(Double(threadCPUNanoseconds() - cpuStart) / 1_000_000)
    return wall
}

func peakRSSMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kilobytes / 1024
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

let baselineFiles = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100
let generator = GraphGenerator(moduleCount: 10_000, edgeCount: 50_000, fileCount: 200_000, seed: 6)
var (graph, files) = generator.generate()
let graphURL = FileManager.default.temporaryDirectory.appendingPathComponent("impact-bench-\(getpid()).json")
defer { try? FileManager.default.removeItem(at: graphURL) }
do {
    // Like most emitters (Python's json, jq), do not escape "/" as "\/".
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    try encoder.encode(graph).write(to: graphURL)
} catch {
    print("cannot write the graph: \(error)")
    exit(1)
}
graph = ModuleGraph(modules: [])  // drop the generator's copy so RSS reflects the loaded graph
let size = (try? FileManager.default.attributesOfItem(atPath: graphURL.path)[.size] as? Int) ?? 0
print("graph: 10000 modules, 50000 edges, \(files.count) files, \(String(format: "%.1f", Double(size) / 1_048_576)) MB JSON")

// MARK: Load + index

var loadTimes: [Double] = []
var indexTimes: [Double] = []
var analyzer: ImpactAnalyzer?
for _ in 0..<5 {
    var loaded = ModuleGraph(modules: [])
    loadTimes.append(try milliseconds("load") { loaded = try ModuleGraphLoader().load(graphFile: graphURL.path) })
    indexTimes.append(try milliseconds("index") { analyzer = try ImpactAnalyzer(graph: loaded) })
}
guard let analyzer else { exit(1) }

// MARK: Select

var random = SeededGenerator(seed: 42)
var selectTimes: [Double] = []
var selectedCounts: [Int] = []
let changeSets = (0..<50).map { _ in ChangeSet(paths: GraphGenerator.pick(100, from: files, using: &random)) }
for changes in changeSets {
    var report: ImpactReport?
    selectTimes.append(milliseconds("select") { report = analyzer.analyze(changes) })
    selectedCounts.append(report?.selected.count ?? 0)
}
let peakBeforeBaseline = peakRSSMegabytes()

// MARK: Baseline

let baselineChanges = Array(changeSets[0].paths.prefix(baselineFiles))
var baselineSelected = 0
let baselineTime = try milliseconds("baseline") { baselineSelected = try Baseline.select(graphFile: graphURL, changed: baselineChanges).selected }
let optimizedSame = analyzer.analyze(ChangeSet(paths: baselineChanges))
let optimizedSameTime = percentile(selectTimes, 0.5)

// MARK: Report

let load = percentile(loadTimes, 0.5) + percentile(indexTimes, 0.5)
func row(_ name: String, _ value: String, _ target: String, _ ok: Bool?) -> String {
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + value.padding(toLength: 18, withPad: " ", startingAt: 0)
        + target.padding(toLength: 12, withPad: " ", startingAt: 0) + (ok.map { $0 ? "ok" : "MISSED" } ?? "")
}
print(row("measure (wall clock)", "value", "target", nil))
print(row("load JSON graph (decode, median of 5)", String(format: "%.1f ms", percentile(loadTimes, 0.5)), "", nil))
print(row("build index (median of 5)", String(format: "%.1f ms", percentile(indexTimes, 0.5)), "", nil))
print(row("load + index", String(format: "%.1f ms", load), "< 500 ms", load < 500))
print(row("select 100 changed files p50 (50 runs)", String(format: "%.2f ms", percentile(selectTimes, 0.5)), "< 20 ms", percentile(selectTimes, 0.5) < 20))
print(row("select 100 changed files p95 (50 runs)", String(format: "%.2f ms", percentile(selectTimes, 0.95)), "< 20 ms", percentile(selectTimes, 0.95) < 20))
print(row("suites selected per run (median)", "\(Int(percentile(selectedCounts.map(Double.init), 0.5))) of 3000", "", nil))
print(row("peak RSS (VmHWM) before baseline", String(format: "%.0f MB", peakBeforeBaseline), "< 300 MB", peakBeforeBaseline < 300))
print(row("baseline: BFS per file, re-reading graph", String(format: "%.0f ms", baselineTime), "(\(baselineChanges.count) files)", nil))
print(row("baseline / select p50", String(format: "%.0fx", baselineTime / optimizedSameTime), "", nil))
print(row("baseline / (load + index + select p50)", String(format: "%.1fx", baselineTime / (load + optimizedSameTime)), "", nil))
print(row("same selection as baseline", "\(baselineSelected == optimizedSame.selected.count)", "true", baselineSelected == optimizedSame.selected.count))
let cpu = { (label: String, p: Double) in percentile(cpuTimes[label] ?? [0], p) }
print(row("CPU time: load + index (medians)", String(format: "%.1f ms", cpu("load", 0.5) + cpu("index", 0.5)), "< 500 ms", cpu("load", 0.5) + cpu("index", 0.5) < 500))
print(row("CPU time: select p50 / p95", String(format: "%.2f / %.2f ms", cpu("select", 0.5), cpu("select", 0.95)), "< 20 ms", cpu("select", 0.95) < 20))
print(row("CPU time: baseline / select p50", String(format: "%.0fx", cpu("baseline", 0.5) / cpu("select", 0.5)), "", nil))
print(row("peak RSS (VmHWM) at end", String(format: "%.0f MB", peakRSSMegabytes()), "", nil))
