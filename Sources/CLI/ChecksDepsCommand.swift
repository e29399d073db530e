import ArgumentParser
import Checks
import Foundation
import Impact

/// `mobile-ops checks deps`: the project's dependency rules (`mobile-ops-checks.yml`) on its
/// module graph, read offline from its own build files.
struct ChecksDepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deps",
        abstract: "Check the module graph against the dependency rules in mobile-ops-checks.yml.",
        discussion: """
            The module graph comes from the project folder (settings.gradle(.kts), project.yml, \
            Package.swift, merged) or from --graph. Rules come from --rules, default \
            mobile-ops-checks.yml in the project folder (see docs/checks.md).
            With --baseline (a previous --json output) only violations it does not hold fail; \
            those it holds that are gone are listed as fixed.
            Exit status: 0 no new violations, 1 new violations, 2 the rules, baseline or project \
            cannot be read.

            Examples:
              mobile-ops checks deps --project .
              mobile-ops checks deps --project . --json > checks-baseline.json   # base branch
              mobile-ops checks deps --project . --baseline checks-baseline.json
            """
    )

    @Option(help: "The project folder.")
    var project: String

    @Option(help: "The rules file (default: mobile-ops-checks.yml in the project folder).")
    var rules: String?

    @Option(help: "A previous --json output: only violations not in it fail.")
    var baseline: String?

    @Option(help: "Module graph file instead of reading the project: mobile-ops JSON graph or dump-package JSON.")
    var graph: String?

    @Option(help: "Read only this build description when the project has several: gradle, xcodegen or spm.")
    var kind: String?

    @Flag(help: "Print the report as JSON (usable as a --baseline later).")
    var json = false

    func validate() throws {
        try OfflineProject.validate(project: project)
        try OfflineProject.validate(kind: kind)
    }

    func run() throws {
        // A file that is not there cannot be read: exit status 2, as for one that does not parse
        // (a usage error's 64 would say the command line was wrong).
        if let missing = missingFile() {
            throw OfflineProject.failure(missing, exitStatus: 2)
        }
        let report: DependencyCheckReport
        do {
            report = try check()
        } catch let error as DependencyChecksError {
            throw OfflineProject.failure(error.description, exitStatus: 2)
        } catch let error as ImpactError {
            throw OfflineProject.failure(error.description, exitStatus: 2)
        }
        if json {
            print(String(decoding: try report.json(), as: UTF8.self))
        } else {
            printHuman(report)
        }
        if report.failed { throw ExitCode(1) }
    }

    /// The first of --rules, --baseline and --graph that names no file, said with how to fix it.
    private func missingFile() -> String? {
        for (flag, path) in [("--rules", rules), ("--baseline", baseline), ("--graph", graph)] {
            guard let path, !FileManager.default.fileExists(atPath: path) else { continue }
            guard flag == "--baseline" else { return "\(flag) \(path) does not exist" }
            return "--baseline \(path) does not exist; make one on the base branch with "
                + "'mobile-ops checks deps --project \(project) --json > \(path)'"
        }
        return nil
    }

    private func check() throws -> DependencyCheckReport {
        let rulesFile = rules ?? URL(fileURLWithPath: project).appendingPathComponent(DependencyRules.defaultFileName).path
        guard FileManager.default.fileExists(atPath: rulesFile) else { throw DependencyChecksError.missingRules(rulesFile) }
        let parsed = try DependencyRulesParser.parse(contentsOf: rulesFile).mapError(DependencyChecksError.invalidRules).get()
        let previous = try baseline.map { path -> [DependencyViolation] in
            guard let data = FileManager.default.contents(atPath: path) else { throw DependencyChecksError.invalidBaseline("cannot read \(path)") }
            return try DependencyCheckReport.baselineViolations(from: data)
        }
        let moduleGraph = try OfflineProject.moduleGraph(project: project, graph: graph, kind: kind)
        return DependencyChecker.report(graph: moduleGraph, rules: parsed, baseline: previous)
    }

    // MARK: Human output

    private func printHuman(_ report: DependencyCheckReport) {
        print(report.headline)
        if !report.violations.isEmpty {
            print("")
            Output.table(
                report.baseline ? ["STATUS", "RULE", "DEPENDENCY", "DECLARED AT"] : ["RULE", "DEPENDENCY", "DECLARED AT"],
                report.violations.map { violation in
                    let row = [violation.rule, violation.chain.joined(separator: " → "), violation.location ?? "-"]
                    return report.baseline ? [violation.new ? "new" : "known"] + row : row
                }
            )
            print("")
            report.violations.filter { !report.baseline || $0.new }.forEach { print("  \($0.rule): \($0.message)") }
        }
        if !report.fixed.isEmpty {
            print("")
            print("Fixed since the baseline:")
            report.fixed.forEach { print("  \($0.rule): \($0.chain.joined(separator: " → "))") }
        }
        if !report.warnings.isEmpty {
            print("")
            print("Not checked (the readers could not follow these declarations):")
            report.warnings.forEach { print("  \($0)") }
        }
    }
}
