import Agent
import Core
import Foundation
import Testing
import TestSupport

/// A `ui_tests:` job: the agent selects the UI suites a pull request can break in its
/// checkout, takes its shard's share, and tells the commands and the server.
@Suite(.timeLimit(.minutes(2)))
struct AgentUITestsTests {
    static let graph = #"""
        {"format": "mobile-ops-module-graph", "version": 1,
         "modules": [{"name": "Core", "paths": ["Core"]}, {"name": "Checkout", "paths": ["Checkout"], "dependencies": ["Core"]},
                     {"name": "Search", "paths": ["Search"]}, {"name": "Profile", "paths": ["Profile"], "dependencies": ["Core"]}],
         "testSuites": [{"name": "CheckoutUITests", "module": "Checkout", "kind": "ui", "paths": ["CheckoutUITests"]},
                        {"name": "ProfileUITests", "module": "Profile", "kind": "ui", "paths": ["ProfileUITests"]},
                        {"name": "SearchUITests", "module": "Search", "kind": "ui", "paths": ["SearchUITests"]},
                        {"name": "CoreTests", "module": "Core", "kind": "unit", "paths": ["CoreTests"]}]}
        """#

    static func job(_ id: Int64, shard: Int, of count: Int, target: CheckoutTarget, env: [String: String]) -> JobAssignment {
        var job = makeJob(id, commands: ["echo \"suites=$MOBILE_OPS_UI_TESTS mode=$MOBILE_OPS_UI_TESTS_MODE\"", "cat \"$MOBILE_OPS_UI_TESTS_FILE\""], repository: target)
        job.spec.env = env.merging(["MOBILE_OPS_SHARD_INDEX": "\(shard)", "MOBILE_OPS_SHARD_COUNT": "\(count)"]) { _, shardValue in shardValue }
        job.spec.uiTests = UITestSelection(project: "app", graph: "graph.json", durations: ["CheckoutUITests": 300, "ProfileUITests": 100])
        return job
    }

    @Test("a pull request touching Core selects the suites that reach Core, split over two shards; Search is skipped with a reason")
    func selectsAndShards() async throws {
        let workdir = try TemporaryDirectory()
        let repo = try TemporaryDirectory("repo")
        let git = AgentGitTests.git
        try await shell("""
            \(git) init -q . && mkdir -p app/Core app/Checkout app/Search app/Profile && \
            printf '%s' '\(Self.graph)' > app/graph.json && echo a > app/Core/Money.swift && echo b > app/Search/Find.swift && \
            \(git) add . && \(git) commit -q -m base && \(git) checkout -q -b feature && \
            echo c > app/Core/Money.swift && \(git) commit -q -am change
            """, in: repo.path)
        let head = try await shell("git rev-parse HEAD", in: repo.path)
        let target = CheckoutTarget(name: "acme/app", cloneURL: repo.path, commitSHA: head, branch: "feature")
        let env = [UITestSelection.baseBranchVariable: "main"]

        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(60, shard: 0, of: 2, target: target, env: env))
            await server.state.enqueue(Self.job(61, shard: 1, of: 2, target: target, env: env))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 60, .passed)
                try await expectState(server, 61, .passed)
            }
            // Longest first onto the least-loaded shard: Checkout (300 s) alone, Profile (100 s) on the other.
            #expect((await server.state.log(60)).contains("suites=CheckoutUITests mode=selected"))
            #expect((await server.state.log(61)).contains("suites=ProfileUITests mode=selected"))
            let log = await server.state.log(60)
            #expect(log.contains("skip SearchUITests"))
            #expect(log.contains("run  CheckoutUITests: CheckoutUITests → Checkout → Core ← Core/Money.swift"))
            let report = try #require(await server.state.uiTestReports[60])
            #expect(report.selected.map(\.name) == ["CheckoutUITests", "ProfileUITests"])
            #expect(report.skipped.map(\.name) == ["SearchUITests"])
            #expect(report.shardSuites == ["CheckoutUITests"])
            #expect(report.predictedSeconds == 300)
        }
    }

    @Test("a build that is not a pull request runs every UI suite; an unreadable graph falls back to mode all")
    func runAllAndFallback() async throws {
        let workdir = try TemporaryDirectory()
        let repo = try TemporaryDirectory("repo")
        let git = AgentGitTests.git
        try await shell("""
            \(git) init -q . && mkdir -p app && printf '%s' '\(Self.graph)' > app/graph.json && \(git) add . && \(git) commit -q -m base
            """, in: repo.path)
        let head = try await shell("git rev-parse HEAD", in: repo.path)
        let target = CheckoutTarget(name: "acme/app", cloneURL: repo.path, commitSHA: head, branch: "main")
        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(62, shard: 0, of: 1, target: target, env: [:]))
            var broken = Self.job(63, shard: 0, of: 1, target: target, env: [:])
            broken.spec.uiTests?.graph = "missing.json"
            await server.state.enqueue(broken)
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 62, .passed)
                try await expectState(server, 63, .passed)
            }
            // Longest first; Search has no history, so it counts as the median of the known (200 s).
            #expect((await server.state.log(62)).contains("suites=CheckoutUITests,SearchUITests,ProfileUITests mode=selected"))
            #expect((await server.state.uiTestReports[62])?.runAllReasons == ["not a pull request build: every UI suite runs"])
            #expect((await server.state.log(63)).contains("suites= mode=all"))
        }
    }
}
