import Core
import Foundation
import Impact

/// Decides a `ui_tests:` job's suites in its checkout: reads the module graph, diffs the pull
/// request against the merge base with its target branch, keeps the UI suites the change can
/// reach, and takes this shard's share (longest expected first onto the least-loaded shard,
/// the same plan on every shard because every shard gets the same durations).
///
/// Never fails the job: when the project cannot be read it answers mode `all`, and the
/// commands run their usual full set.
struct UITestPlanner: Sendable {
    /// Work out the plan. Runs git and may run `swift package dump-package`: call it off the
    /// cooperative pool for large projects (the executor runs it before the commands).
    func plan(_ selection: UITestSelection, workspace: String, environment: [String: String], shardIndex: Int, shardCount: Int) -> UITestReport {
        let project = selection.project == "." ? workspace : workspace + "/" + selection.project
        var warnings: [String] = []
        let graph: ModuleGraph
        do {
            // The job's own checkout, whose commands this agent is about to run anyway.
            let loader = ModuleGraphLoader(policy: .runManifests)
            graph = try selection.graph.map { try loader.load(graphFile: project + "/" + $0, projectDirectory: project) }
                ?? loader.load(projectDirectory: project, kind: selection.kind.flatMap(ProjectKind.named), boundary: workspace).graph
        } catch {
            return UITestReport(
                mode: "all", runAllReasons: ["the module graph could not be read: \(error)"], selected: [], skipped: [],
                shardIndex: shardIndex, shardCount: shardCount, shardSuites: [], predictedSeconds: 0, warnings: ["\(error)"]
            )
        }
        let uiSuites = graph.testSuites.filter { $0.kind == .ui }
        var runAllReasons: [String] = []
        var selected: [UITestReport.Choice] = []
        var skipped: [UITestReport.Choice] = []
        if let base = environment[UITestSelection.baseBranchVariable], !base.isEmpty {
            do {
                let start = try GitCheckout().mergeBase("origin/" + base, "HEAD", in: workspace)
                let changes = try GitChangeReader().changes(in: project, base: start, head: "HEAD")
                let report = try ImpactAnalyzer(graph: graph, triggers: RunAllTriggers.default.adding(selection.runAll)).analyze(changes)
                runAllReasons = report.runAll.reasons.map(\.description)
                selected = report.selected.filter { $0.kind == .ui }.map { .init(name: $0.name, module: $0.module, reason: $0.reason) }
                skipped = report.skipped.filter { $0.kind == .ui }.map { .init(name: $0.name, module: $0.module, reason: $0.reason) }
                warnings += report.warnings
            } catch {
                runAllReasons = ["the change could not be read (\(error)): every UI suite runs"]
            }
        } else {
            runAllReasons = ["not a pull request build: every UI suite runs"]
        }
        if !runAllReasons.isEmpty, selected.count < uiSuites.count {
            selected = uiSuites.map { .init(name: $0.name, module: $0.module, reason: "run all: " + runAllReasons.joined(separator: "; ")) }
            skipped = []
        }
        let items = selected.map { ShardPlanner.Item(name: $0.name, duration: selection.durations[$0.name]) }
        let shards = (try? ShardPlanner(defaultDuration: 60).plan(items, shards: max(1, shardCount))) ?? []
        let mine = shards.first { $0.index == shardIndex }
        return UITestReport(
            mode: "selected", runAllReasons: runAllReasons, selected: selected, skipped: skipped,
            shardIndex: shardIndex, shardCount: shardCount, shardSuites: mine?.suites ?? [],
            predictedSeconds: mine?.expectedDuration ?? 0, warnings: warnings
        )
    }

    /// The report as log lines: this shard's suites, then every skipped suite with its reason.
    static func logLines(_ report: UITestReport) -> [String] {
        var lines = ["mobile-ops-agent: ui_tests: \(report.selected.count) selected, \(report.skipped.count) skipped; shard \(report.shardIndex + 1)/\(report.shardCount) runs \(report.shardSuites.count) (about \(Int(report.predictedSeconds)) s)"]
        if report.mode == "all" { lines.append("  every suite runs: \(report.runAllReasons.joined(separator: "; "))") }
        for reason in report.runAllReasons where report.mode == "selected" { lines.append("  run all: \(reason)") }
        let reasons = Dictionary(report.selected.map { ($0.name, $0.reason) }, uniquingKeysWith: { first, _ in first })
        for suite in report.shardSuites { lines.append("  run  \(suite): \(reasons[suite] ?? "")") }
        for choice in report.skipped { lines.append("  skip \(choice.name): \(choice.reason)") }
        return lines
    }
}
