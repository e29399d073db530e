import Checks
import Foundation
import Impact
import Testing

/// Rules about libraries from outside the project (`external:GRDB`): a Swift package's
/// `.product(name:package:)` dependencies on other packages, from real `swift package
/// dump-package` output (Fixtures/spm-external, dumped by Swift 6.3). Only rules that name an
/// `external:` pattern see them; every other rule, and impact analysis, sees modules alone.
@Suite struct ExternalLibraryRulesTests {
    static func graph() throws -> ModuleGraph {
        let folder = try Fixtures.path("spm-external")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/dump-package.json"))
        return try SwiftPackageReader().graph(fromDumpPackage: data, projectDirectory: folder)
    }

    @Test func theReaderNamesOtherPackagesProductsAsExternalDeclarationsOnly() throws {
        let graph = try Self.graph()
        let model = try #require(graph.modules.first { $0.name == "Model" })
        // ModelTests' library counts as Model's, a test edge.
        #expect(model.declarations?.map(\.target) == ["external:GRDB", "external:Logging", "external:HummingbirdTesting"])
        #expect(model.declarations?.map(\.isTest) == [false, false, true])
        #expect(model.declarations?.first?.line == 38)
        // Impact analysis follows modules only: no external name among the dependencies or modules.
        #expect(graph.modules.allSatisfy { module in module.dependencies.allSatisfy { !$0.hasPrefix("external:") } })
        #expect(!graph.modules.contains { $0.name.hasPrefix("external:") })
    }

    @Test func forbidWithExceptKeepsALibraryInItsRoom() throws {
        let found = try check(try Self.graph(), """
            rules:
              - name: sql-in-storage
                forbid: {from: "*", to: "external:GRDB*", except: [Storage]}
              - name: http-in-http
                forbid: {from: "*", to: "external:Hummingbird*", except: [HTTP]}
            """)
        #expect(chains(found) == ["Model -> external:GRDB"])
        #expect(found.first?.location == "Package.swift:38")
        #expect(found.first?.message == "Model must not depend on external:GRDB (forbidden: * → external:GRDB* except from Storage)")
        // A test target's library is a test edge: seen only with include_tests.
        let withTests = try check(try Self.graph(), """
            rules:
              - forbid: {from: "*", to: "external:Hummingbird*", except: [HTTP]}
                include_tests: true
            """)
        #expect(chains(withTests) == ["Model -> external:HummingbirdTesting"])
    }

    @Test func rulesWithoutExternalPatternsSeeModulesAlone() throws {
        let graph = try Self.graph()
        #expect(try check(graph, """
            rules:
              - forbid: {from: Model, to: "*"}
              - allow_only: {from: Storage, to: [Model]}
              - layers: [App, [HTTP, Storage], Model]
              - max_depth: 2
              - no_cycles: true
            """).isEmpty)
        #expect(DependencyChecker(graph: graph).size == (modules: 4, edges: 4), "App, HTTP, Storage, Model and their four edges; no library")
    }

    @Test func allowOnlyWithAnExternalPatternChecksEveryLibrary() throws {
        let found = try check(try Self.graph(), """
            rules:
              - allow_only: {from: Model, to: ["external:Logging"]}
            """)
        #expect(chains(found) == ["Model -> external:GRDB"])
    }

    @Test func externalPatternsBelongInTo() {
        #expect(problems("rules:\n  - forbid: {from: \"external:GRDB\", to: Model}").map(\.message)
            == ["forbid.from names the project's modules; external: patterns go in forbid.to"])
        #expect(problems("rules:\n  - forbid: {from: \"*\", to: Model, except: [\"external:X\"]}").map(\.message)
            == ["forbid.from names the project's modules; external: patterns go in forbid.to"])
        #expect(problems("rules:\n  - allow_only: {from: \"external:GRDB\", to: [Model]}").map(\.message)
            == ["allow_only.from names the project's modules; external: patterns go in allow_only.to"])
        #expect(problems("rules:\n  - forbid: {from: \"*\", to: Model, except: \"[bad\"}").count == 1)
    }
}
