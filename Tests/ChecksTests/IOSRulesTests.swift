import Checks
import Foundation
import Impact
import Testing

/// Rules on iOS shapes: a Swift package (dump-package JSON, lines from Package.swift) and an
/// XcodeGen project.yml.
@Suite struct IOSRulesTests {
    @Test func allowOnlyOnASwiftPackage() throws {
        let found = try check(try Fixtures.swiftPackage(), """
            rules:
              - name: core-stays-core
                allow_only: {from: "Core*", to: ["Core*", "Foundation*"]}
            """)
        #expect(chains(found) == ["CoreKit -> DesignSystem"])
        #expect(found.first?.location == "Package.swift:35")
        #expect(found.first?.message == "CoreKit may depend only on Core*, Foundation*, not on DesignSystem")
    }

    @Test func testTargetsAreTestEdgesOfTheTestedModule() throws {
        let graph = try Fixtures.swiftPackage()
        let rule = """
            rules:
              - allow_only: {from: "Core*", to: ["Core*", "Foundation*", "DesignSystem"]}
                include_tests: true
            """
        let found = try check(graph, rule)
        #expect(chains(found) == ["CoreKit -> LoginFeature", "CoreKit -> TestSupport"])
        #expect(found.allSatisfy { $0.edges.first?.test == true })
        #expect(found.first?.location == "Package.swift:43")
        #expect(try check(graph, rule.replacingOccurrences(of: "include_tests: true", with: "include_tests: false")).isEmpty)
    }

    @Test func forbidBetweenFeaturesOnASwiftPackage() throws {
        let found = try check(try Fixtures.swiftPackage(), """
            rules:
              - forbid: {from: "*Feature", to: "*Feature"}
            """)
        #expect(chains(found) == ["AppFeature -> CartFeature", "AppFeature -> LoginFeature", "CartFeature -> LoginFeature"])
        #expect(found.last?.edges.first?.configuration == "target")
        #expect(found.last?.location == "Package.swift:28")
    }

    @Test func cyclesInAnXcodeGenProject() throws {
        let found = try check(try Fixtures.xcodeGen(), "rules: [{no_cycles: true}]")
        #expect(chains(found) == ["ProfileFeature -> SettingsFeature -> ProfileFeature"])
        #expect(found.first?.edges.map { "\($0.file ?? ""):\($0.line ?? 0)" } == ["project.yml:18", "project.yml:26"])
    }

    @Test func layersInAnXcodeGenProjectWithTests() throws {
        let graph = try Fixtures.xcodeGen()
        let rule = """
            rules:
              - layers: [App, "*Feature", ["Core*", "Foundation*", TestSupport]]
            """
        #expect(try check(graph, rule).isEmpty)
        let found = try check(graph, rule + "\n    include_tests: true")
        #expect(chains(found) == ["CoreKit -> App"])
        #expect(found.first?.location == "project.yml:51")
    }
}
