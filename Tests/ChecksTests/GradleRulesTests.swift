import Checks
import Impact
import Testing

/// Every rule kind on a Gradle build read from its files (`project(":x")`, `projects.x.y`
/// accessors, `api`, `testImplementation`), each violation naming the declaring file and line.
@Suite struct GradleRulesTests {
    @Test func gradleEdgesCarryConfigurationFileAndLine() throws {
        let graph = try Fixtures.gradle()
        let cart = try #require(graph.modules.first { $0.name == ":feature:cart:impl" })
        #expect(cart.declarations == [
            DependencyDeclaration(target: ":core:data", configuration: "implementation", file: "feature/cart/impl/build.gradle.kts", line: 10),
            DependencyDeclaration(target: ":feature:login:impl", configuration: "implementation", file: "feature/cart/impl/build.gradle.kts", line: 12),
        ])
        let data = try #require(graph.modules.first { $0.name == ":core:data" })
        #expect(data.declarations?.map(\.configuration) == ["api", "testImplementation"])
        #expect(data.declarations?.map(\.isTest) == [false, true])
    }

    @Test func layersReportAnEdgeUpwards() throws {
        let found = try check(try Fixtures.gradle(), """
            rules:
              - layers: [":app", ":feature:**", ":core:**"]
            """)
        #expect(chains(found) == [":core:ui -> :feature:login:api"])
        #expect(found.first?.location == "core/ui/build.gradle.kts:13")
        #expect(found.first?.kind == "layers")
        #expect(found.first?.message.contains("layer 3") == true)
    }

    @Test func forbidWithSameParentAllowsAFeaturesOwnModules() throws {
        let graph = try Fixtures.gradle()
        let strict = try check(graph, """
            rules:
              - forbid: {from: ":feature:**", to: ":feature:*:impl"}
            """)
        #expect(chains(strict) == [":feature:cart:impl -> :feature:login:impl", ":feature:login:di -> :feature:login:impl"])
        let lenient = try check(graph, """
            rules:
              - name: feature-isolation
                forbid: {from: ":feature:**", to: ":feature:*:impl", unless: same_parent}
            """)
        #expect(chains(lenient) == [":feature:cart:impl -> :feature:login:impl"])
        #expect(lenient.first?.rule == "feature-isolation")
        #expect(lenient.first?.location == "feature/cart/impl/build.gradle.kts:12")
        #expect(lenient.first?.edges.first?.configuration == "implementation")
    }

    @Test func configurationsLimitARuleToApiEdges() throws {
        let graph = try Fixtures.gradle()
        let apiOnly = try check(graph, """
            rules:
              - forbid: {from: ":feature:**", to: ":core:**"}
                configurations: [api]
            """)
        #expect(chains(apiOnly) == [":feature:login:api -> :core:data"])
        #expect(apiOnly.first?.location == "feature/login/api/build.gradle.kts:11")
        let all = try check(graph, """
            rules:
              - forbid: {from: ":feature:**", to: ":core:**"}
            """)
        #expect(all.count == 3)
    }

    @Test func testOnlyEdgesCountOnlyWhenAsked() throws {
        let graph = try Fixtures.gradle()
        #expect(try check(graph, "rules: [{no_cycles: true}]").isEmpty)
        let withTests = try check(graph, """
            rules:
              - no_cycles: true
                include_tests: true
            """)
        #expect(chains(withTests) == [":core:data -> :core:network -> :core:data"])
        #expect(withTests.first?.edges.map(\.configuration) == ["api", "testImplementation"])
        #expect(withTests.first?.edges.last?.test == true)
        #expect(withTests.first?.edges.last.map { "\($0.file ?? ""):\($0.line ?? 0)" } == "core/network/build.gradle.kts:12")
    }

    @Test func maxDepthReportsTheLongestChain() throws {
        let graph = try Fixtures.gradle()
        #expect(try check(graph, "rules: [{max_depth: 6}]").isEmpty)
        let found = try check(graph, "rules: [{max_depth: 5}]")
        #expect(chains(found) == [":app -> :feature:cart:impl -> :feature:login:impl -> :core:ui -> :feature:login:api -> :core:data -> :core:network"])
        #expect(found.first?.message.contains("a chain of 6 dependencies, more than max_depth 5") == true)
        #expect(found.first?.edges.count == 6)
    }

    @Test func theProjectsOwnRulesFileFindsEachKindOnce() throws {
        let path = try Fixtures.path("android/mobile-ops-checks.yml")
        let parsed = try DependencyRulesParser.parse(contentsOf: path).get()
        let found = DependencyChecker(graph: try Fixtures.gradle()).violations(of: parsed)
        #expect(found.map(\.rule) == ["feature-isolation", "layers", "max_depth", "no-api-core-in-features"])
    }
}
