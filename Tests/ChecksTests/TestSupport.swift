import Checks
import Foundation
import Impact
import YAMLReading
import Testing

/// The fixture projects and helpers the rule tests share.
enum Fixtures {
    /// Absolute path of `Fixtures/<name>` inside the test bundle's resources.
    static func path(_ name: String) throws -> String {
        let root = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        return root.appendingPathComponent(name).path
    }

    /// The Gradle fixture's graph, read from its build files.
    static func gradle() throws -> ModuleGraph {
        try GradleProjectReader().graph(projectDirectory: path("android"))
    }

    /// The SPM fixture's graph, from its saved dump-package JSON (lines from its Package.swift).
    static func swiftPackage() throws -> ModuleGraph {
        let folder = try path("spm")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/dump-package.json"))
        return try SwiftPackageReader().graph(fromDumpPackage: data, projectDirectory: folder)
    }

    /// The XcodeGen fixture's graph.
    static func xcodeGen() throws -> ModuleGraph {
        try XcodeGenReader().graph(projectDirectory: path("xcodegen"))
    }
}

/// Rules parsed from YAML text, failing the test with the diagnostics when they do not parse.
func rules(_ yaml: String) throws -> DependencyRules {
    switch DependencyRulesParser.parse(yaml: yaml, file: "mobile-ops-checks.yml") {
    case .success(let rules): return rules
    case .failure(let diagnostics):
        Issue.record("rules do not parse: \(diagnostics)")
        throw diagnostics
    }
}

/// The diagnostics of rules that must not parse.
func problems(_ yaml: String) -> [YAMLDiagnosticSummary] {
    switch DependencyRulesParser.parse(yaml: yaml, file: "rules.yml") {
    case .success: return []
    case .failure(let diagnostics): return diagnostics.diagnostics.map { YAMLDiagnosticSummary(line: $0.line, message: $0.message) }
    }
}

/// A diagnostic's line and message, for compact expectations.
struct YAMLDiagnosticSummary: Equatable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "\(line): \(message)" }
}

/// `from -> to` (or the whole chain) of each violation, in report order.
func chains(_ violations: [DependencyViolation]) -> [String] {
    violations.map { $0.chain.joined(separator: " -> ") }
}

/// The violations of `yaml`'s rules on `graph`.
func check(_ graph: ModuleGraph, _ yaml: String) throws -> [DependencyViolation] {
    DependencyChecker(graph: graph).violations(of: try rules(yaml))
}
