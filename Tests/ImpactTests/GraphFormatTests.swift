import Foundation
import Impact
import Testing

/// The JSON module-graph format: reading, shape detection against dump-package JSON, clear
/// errors for bad documents, and selection over several roots per module.
@Suite struct GraphFormatTests {
    static func graph() throws -> ModuleGraph {
        try ModuleGraphLoader().load(graphFile: try Fixtures.path("graph.json"))
    }

    @Test func readsTheDocumentedFormat() throws {
        let graph = try Self.graph()
        #expect(graph.modules.map(\.name) == ["Core", "Payments", "Checkout", "Search"])
        #expect(graph.modules[1].paths == ["payments/src", "payments/Payments.podspec"])
        let suites = Dictionary(uniqueKeysWithValues: graph.testSuites.map { ($0.name, $0) })
        #expect(suites["PaymentsTests"]?.kind == .unit)
        #expect(suites["SearchBenchmarks"]?.kind == .benchmark)
        #expect(graph.runAllPaths == ["tools/codegen"])
    }

    @Test func roundTripsThroughJSON() throws {
        let graph = try Self.graph()
        let data = try JSONEncoder().encode(graph)
        #expect(try ModuleGraphLoader().decode(data, source: "memory") == graph)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "mobile-ops-module-graph")
    }

    /// A reader of version 1 ignores `unknownModules` and would select nothing where the graph
    /// runs everything: such a graph is written as version 2, which that reader refuses.
    @Test func aGraphWithUnknownModulesIsWrittenAsVersionTwo() throws {
        func written(_ graph: ModuleGraph) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(graph)) as? [String: Any])
        }
        var graph = ModuleGraph(modules: [Module(name: "App", paths: ["app"])])
        #expect(try written(graph)["version"] as? Int == 1)
        graph.unknownModules = [UnknownModule(path: "legacy", source: "legacy/build.gradle")]
        let object = try written(graph)
        #expect(object["version"] as? Int == 2)
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(try ModuleGraphLoader().decode(data, source: "g.json") == graph)
    }

    @Test func dumpPackageJSONIsDetectedByShape() throws {
        let graph = try ModuleGraphLoader().load(graphFile: try Fixtures.path("spm/dump-package.json"))
        #expect(graph == (try Fixtures.swiftPackageGraph()))
    }

    @Test(arguments: [
        ("{\"targets\": 3}", "no \"modules\""),
        ("[1, 2]", "not a JSON object"),
        ("{\"modules\": [{\"paths\": []}]}", "modules[0].name: missing"),
        ("{\"format\": \"bazel\", \"modules\": []}", "format is 'bazel'"),
        ("{\"version\": 3, \"modules\": []}", "newer than the supported 2"),
        ("not json", "not valid JSON"),
    ])
    func badDocumentsGiveClearErrors(document: String, expected: String) throws {
        do {
            _ = try ModuleGraphLoader().decode(Data(document.utf8), source: "g.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.hasPrefix("g.json is neither"))
        }
    }

    @Test func missingFileIsATypedError() {
        #expect(throws: ImpactError.self) { try ModuleGraphLoader().load(graphFile: "/nonexistent/graph.json") }
    }

    @Test func duplicateModulesAreRejected() {
        let graph = ModuleGraph(modules: [Module(name: "A", paths: ["a"]), Module(name: "A", paths: ["b"])])
        #expect(throws: ImpactError.invalidGraph("module 'A' appears twice")) { try ImpactAnalyzer(graph: graph) }
    }

    // MARK: Selecting

    @Test func fileRootsTestEdgesAndRunAllPaths() throws {
        let analyzer = try ImpactAnalyzer(graph: try Self.graph())
        let podspec = analyzer.analyze(ChangeSet(paths: ["payments/Payments.podspec"]))
        #expect(podspec.affectedModules == ["Checkout", "Payments"])
        #expect(podspec.selectedNames == ["CheckoutUITests", "ContractTests", "PaymentsTests"])
        #expect(podspec.reason(for: "ContractTests") == "ContractTests → Payments ← payments/Payments.podspec")
        #expect(podspec.warnings.first?.contains("ExternalSDK") == true)

        // A suite folder inside a module's folder: only that suite.
        let bench = analyzer.analyze(ChangeSet(paths: ["search/bench/Ranking.swift"]))
        #expect(bench.selectedNames == ["SearchBenchmarks"])

        let codegen = analyzer.analyze(ChangeSet(paths: ["tools/codegen/templates/a.stencil"]))
        #expect(codegen.runAll.reasons == [RunAllReason(file: "tools/codegen/templates/a.stencil", trigger: "tools/codegen")])
    }

    @Test func reportEncodesWithTheDocumentedKeys() throws {
        let report = try ImpactAnalyzer(graph: try Self.graph()).analyze(ChangeSet(paths: ["core/a.swift", "NOTES.md"]))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        for key in ["runAll", "affectedModules", "selected", "skipped", "unownedFiles"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let runAll = try #require(object["runAll"] as? [String: Any])
        #expect(runAll["value"] as? Bool == false)
        let first = try #require((object["selected"] as? [[String: Any]])?.first)
        #expect(Set(first.keys).isSuperset(of: ["name", "module", "kind", "reason"]))
        #expect(first["kind"] as? String == "ui")
    }
}
