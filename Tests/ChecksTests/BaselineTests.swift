import Checks
import Foundation
import Impact
import Testing

/// A baseline (a previous report) lets a legacy project adopt rules: only new violations fail,
/// and fixed ones are listed.
@Suite struct BaselineTests {
    private let yaml = """
        rules:
          - forbid: {from: "Feature*", to: "Feature*"}
        """

    private func report(_ graph: ModuleGraph, baseline: [DependencyViolation]?) throws -> DependencyCheckReport {
        let checker = DependencyChecker(graph: graph)
        return DependencyCheckReport(violations: checker.violations(of: try rules(yaml)), baseline: baseline, rules: 1, modules: checker.size.modules, edges: checker.size.edges)
    }

    private func graph(_ edges: [(String, String, Int)]) -> ModuleGraph {
        let names = ["FeatureA", "FeatureB", "FeatureC"]
        return ModuleGraph(modules: names.map { name in
            let own = edges.filter { $0.0 == name }
            return Module(name: name, paths: [name], dependencies: own.map(\.1), declarations: own.map {
                DependencyDeclaration(target: $0.1, configuration: "target", file: "project.yml", line: $0.2)
            })
        })
    }

    @Test func onlyNewViolationsFailAndFixedOnesAreListed() throws {
        let before = try report(graph([("FeatureA", "FeatureB", 10), ("FeatureB", "FeatureC", 20)]), baseline: nil)
        #expect(before.failed)
        #expect(before.summary.new == 2)
        let saved = try DependencyCheckReport.baselineViolations(from: try before.json())

        // The A → B declaration moved (line 10 → 14), B → C was fixed, A → C is new.
        let after = try report(graph([("FeatureA", "FeatureB", 14), ("FeatureA", "FeatureC", 15)]), baseline: saved)
        #expect(after.violations.map { "\($0.from)->\($0.to):\($0.new)" } == ["FeatureA->FeatureB:false", "FeatureA->FeatureC:true"])
        #expect(after.fixed.map(\.chain) == [["FeatureB", "FeatureC"]])
        #expect(after.summary.new == 1)
        #expect(after.summary.fixed == 1)
        #expect(after.failed)
        #expect(after.headline.contains("1 fixed since the baseline"))

        let settled = try report(graph([("FeatureA", "FeatureB", 30)]), baseline: saved)
        #expect(!settled.failed)
        #expect(settled.summary.fixed == 1)
    }

    @Test func identityIgnoresFilesAndLines() throws {
        let first = try report(graph([("FeatureA", "FeatureB", 10)]), baseline: nil).violations
        let moved = try report(graph([("FeatureA", "FeatureB", 99)]), baseline: nil).violations
        #expect(first.map(\.id) == moved.map(\.id))
        #expect(first.map(\.line) != moved.map(\.line))
    }

    @Test func aBaselineThatIsNotAReportIsAnError() {
        #expect(throws: DependencyChecksError.self) {
            try DependencyCheckReport.baselineViolations(from: Data("{\"selected\": []}".utf8))
        }
    }

    @Test func graphFilesWithoutDeclarationsAreCheckedThroughTheirDependencies() throws {
        let graph = ModuleGraph(
            modules: [Module(name: "FeatureA", paths: [], dependencies: ["FeatureB"]), Module(name: "FeatureB", paths: [])],
            testSuites: [TestSuite(name: "FeatureBTests", module: "FeatureB", kind: .unit, dependencies: ["FeatureA"])]
        )
        let found = try check(graph, yaml)
        #expect(chains(found) == ["FeatureA -> FeatureB"])
        #expect(found.first?.edges.first?.configuration == "dependency")
        #expect(found.first?.file == nil)
        let withTests = try check(graph, yaml + "\n    include_tests: true")
        #expect(chains(withTests) == ["FeatureA -> FeatureB", "FeatureB -> FeatureA"])
    }
}
