import Checks
import Core
import Foundation
import Impact

/// Runs a `checks: deps` step's dependency rules in the job's checkout: reads the module graph
/// and the rules, and on a pull request build compares with the same rules at the merge base
/// with the target branch, so only violations the pull request adds fail the job.
struct DependencyChecksRunner: Sendable {
    /// What the run found, as log lines, and whether the job may go on.
    struct Outcome: Sendable {
        var lines: [String]
        var passed: Bool
    }

    /// Checks `step` in `workspace`; `scratch` is a folder (outside the checkout) for the
    /// merge base's files. Runs git and may run `swift package dump-package`: call it off the
    /// cooperative pool.
    func run(_ step: DependencyChecksStep, workspace: String, scratch: String, environment: [String: String]) -> Outcome {
        let prefix = "mobile-ops-agent: checks: "
        let folder = step.project == "." ? workspace : workspace + "/" + step.project
        let rulesName = step.rules ?? DependencyRules.defaultFileName
        let rulesFile = folder + "/" + rulesName
        guard FileManager.default.fileExists(atPath: rulesFile) else {
            return Outcome(lines: [prefix + "no rules file \(rulesName) in \(step.project); write one (docs/checks.md) or set checks.deps.rules"], passed: false)
        }
        let rules: DependencyRules
        switch DependencyRulesParser.parse(contentsOf: rulesFile, shownAs: rulesName) {
        case let .success(parsed): rules = parsed
        case let .failure(diagnostics):
            let problems = DependencyChecksError.invalidRules(diagnostics).description.split(separator: "\n")
            return Outcome(lines: problems.map { prefix + $0 }, passed: false)
        }
        let kind = step.kind.flatMap(ProjectKind.named)
        // The job's own checkout, whose commands this agent is about to run anyway.
        let loader = ModuleGraphLoader(policy: .runManifests)
        let graph: ModuleGraph
        do {
            graph = try loader.load(projectDirectory: folder, kind: kind, boundary: workspace).graph
        } catch {
            return Outcome(lines: [prefix + "the module graph cannot be read: \(error)"], passed: false)
        }
        var notes: [String] = []
        var baseline: [DependencyViolation]?
        if let base = environment[UITestSelection.baseBranchVariable], !base.isEmpty {
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            do {
                let git = GitCheckout()
                let start = try git.mergeBase("origin/" + base, "HEAD", in: workspace)
                try git.checkout(mirror: workspace, revision: start, into: scratch)
                let project = step.project == "." ? scratch : scratch + "/" + step.project
                baseline = DependencyChecker(graph: try loader.load(projectDirectory: project, kind: kind, boundary: scratch).graph).violations(of: rules)
            } catch {
                baseline = []
                notes.append("the target branch \(base) could not be read (\(error)); every violation counts as new")
            }
        }
        var report = DependencyChecker.report(graph: graph, rules: rules, baseline: baseline)
        report.warnings += notes
        var lines = [prefix + report.headline]
        for violation in report.violations {
            let status = report.baseline ? (violation.new ? "new   " : "known ") : ""
            lines.append("  \(status)\(violation.rule): \(violation.chain.joined(separator: " → "))\(violation.location.map { " (\($0))" } ?? "")")
        }
        for violation in report.fixed { lines.append("  fixed \(violation.rule): \(violation.chain.joined(separator: " → "))") }
        for warning in report.warnings { lines.append("  warning: \(warning)") }
        if report.failed { lines.append(prefix + "new violations: the commands do not run") }
        return Outcome(lines: lines, passed: !report.failed)
    }
}
