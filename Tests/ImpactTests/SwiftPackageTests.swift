import Foundation
import Impact
import Testing
import TestSupport

/// The SPM reader on the fixture package's saved dump-package JSON, and selections over it.
@Suite struct SwiftPackageTests {
    // MARK: Reading

    @Test func targetsBecomeModulesWithTheirPaths() throws {
        let graph = try Fixtures.swiftPackageGraph()
        let modules = Dictionary(uniqueKeysWithValues: graph.modules.map { ($0.name, $0) })
        #expect(modules.keys.sorted() == ["Analytics", "AppFeature", "Core", "DesignSystem", "Networking", "OnboardingFeature"])
        #expect(modules["Core"]?.paths == ["Sources/Core"])
        #expect(modules["DesignSystem"]?.paths == ["Sources/Design System/Components", "Sources/Design System/Theme.swift"])
        #expect(modules["Analytics"]?.paths == ["Packages/Analytics"])
        #expect(modules["AppFeature"]?.dependencies == ["OnboardingFeature", "Networking", "DesignSystem", "Analytics"])
        #expect(modules["OnboardingFeature"]?.dependencies == ["Core"])
    }

    @Test func testTargetsBecomeSuitesWithKinds() throws {
        let graph = try Fixtures.swiftPackageGraph()
        let suites = Dictionary(uniqueKeysWithValues: graph.testSuites.map { ($0.name, $0) })
        #expect(suites["ShopUITests"] == TestSuite(name: "ShopUITests", module: "AppFeature", kind: .ui, paths: ["UITests/Shop"]))
        #expect(suites["AppFeatureSnapshotTests"] == TestSuite(
            name: "AppFeatureSnapshotTests", module: "AppFeature", kind: .snapshot,
            paths: ["Tests/AppFeatureSnapshotTests"], dependencies: ["DesignSystem"]
        ))
        #expect(suites["CoreTests"]?.kind == .unit)
        #expect(suites["CoreTests"]?.module == "Core")
    }

    @Test(.enabled(if: onPath("swift"), "needs swift on PATH"))
    func realDumpPackageMatchesTheSavedOne() throws {
        let copy = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let project = copy + "/ShopApp"
        try FileManager.default.copyItem(atPath: try Fixtures.path("spm"), toPath: project)
        let (graph, kind) = try ModuleGraphLoader(policy: .runManifests).load(projectDirectory: project)
        #expect(kind == .swiftPackage)
        let saved = try Fixtures.swiftPackageGraph()
        // The saved JSON has no Package.swift beside it to find declaration lines in.
        let read: [Module] = graph.modules.map(\.withoutDeclarations).sorted { $0.name < $1.name }
        let expected: [Module] = saved.modules.map(\.withoutDeclarations).sorted { $0.name < $1.name }
        #expect(read == expected)
        #expect(graph.testSuites == saved.testSuites)
    }

    // MARK: Selecting

    @Test func leafChangeSelectsOnlyItsOwnSuites() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["Sources/Networking/Client.swift"]))
        #expect(report.affectedModules == ["AppFeature", "Networking"])
        #expect(report.selectedNames == ["AppFeatureSnapshotTests", "AppFeatureTests", "ShopUITests"])
        #expect(report.skippedNames == ["CoreTests"])
        #expect(report.skipped.first?.reason == "no change reaches Core")
        #expect(report.runAll.value == false)
    }

    @Test func coreChangeSelectsEverythingWithChains() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["Sources/Core/Core.swift"]))
        #expect(report.affectedModules == ["AppFeature", "Core", "Networking", "OnboardingFeature"])
        #expect(report.skipped.isEmpty)
        #expect(report.reason(for: "CoreTests") == "CoreTests → Core ← Sources/Core/Core.swift")
        // Two equally short chains (via Networking, via OnboardingFeature): the lower name wins.
        #expect(report.reason(for: "AppFeatureTests") == "AppFeatureTests → AppFeature → Networking → Core ← Sources/Core/Core.swift")
        #expect(report.selected.first { $0.name == "AppFeatureTests" }?.chain == ["AppFeatureTests", "AppFeature", "Networking", "Core"])
        #expect(report.selected.first { $0.name == "AppFeatureTests" }?.file == "Sources/Core/Core.swift")
    }

    @Test func theShortestChainToAnyChangeIsReported() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["Sources/Core/Core.swift", "Sources/OnboardingFeature/View.swift"]))
        #expect(report.reason(for: "AppFeatureTests") == "AppFeatureTests → AppFeature → OnboardingFeature ← Sources/OnboardingFeature/View.swift")
    }

    @Test func reasonNamesTheChainFromSuiteToFile() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["Sources/OnboardingFeature/View.swift"]))
        #expect(report.reason(for: "AppFeatureTests") == "AppFeatureTests → AppFeature → OnboardingFeature ← Sources/OnboardingFeature/View.swift")
        #expect(report.skippedNames == ["CoreTests"])
    }

    @Test func testOnlyChangeSelectsJustThatSuite() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["UITests/Shop/ShopUITests.swift"]))
        #expect(report.affectedModules.isEmpty)
        #expect(report.selectedNames == ["ShopUITests"])
        #expect(report.reason(for: "ShopUITests") == "ShopUITests ← UITests/Shop/ShopUITests.swift")
    }

    @Test func manifestChangeRunsEverything() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["Package.resolved", "README.md"]))
        #expect(report.runAll == RunAllDecision(reasons: [RunAllReason(file: "Package.resolved", trigger: "Package.resolved")]))
        #expect(report.skipped.isEmpty)
        #expect(report.selected.count == 4)
        #expect(report.reason(for: "CoreTests") == "run all ← Package.resolved changed")
        #expect(report.unownedFiles == ["README.md"])
    }

    @Test func docChangeSelectsNothingAndIsListed() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["README.md", "docs/guide.md"]))
        #expect(report.selected.isEmpty)
        #expect(report.unownedFiles == ["README.md", "docs/guide.md"])
    }

    @Test func pathsWithSpacesAndListedSourcesAreOwned() throws {
        let analyzer = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
        let report = analyzer.analyze(ChangeSet.parse(list: "Sources/Design System/Components/Button.swift\n"))
        #expect(report.affectedModules == ["AppFeature", "DesignSystem"])
        #expect(report.reason(for: "AppFeatureSnapshotTests") == "AppFeatureSnapshotTests → AppFeature → DesignSystem ← Sources/Design System/Components/Button.swift")
        // A file in the target's folder but outside its `sources:` list belongs to no target.
        let outside = analyzer.analyze(ChangeSet(paths: ["Sources/Design System/Notes.md"]))
        #expect(outside.unownedFiles == ["Sources/Design System/Notes.md"])
    }

    @Test func localPackageChangeReachesItsDependents() throws {
        let report = try Fixtures.analyzer(try Fixtures.swiftPackageGraph())
            .analyze(ChangeSet(paths: ["Packages/Analytics/Sources/Analytics/Analytics.swift"]))
        #expect(report.affectedModules == ["Analytics", "AppFeature"])
        #expect(report.skippedNames == ["CoreTests"])
    }
}
