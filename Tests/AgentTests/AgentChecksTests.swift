import Agent
import Core
import Foundation
import Testing
import TestSupport

/// A `checks: deps` job: the agent checks the dependency rules in its checkout before the
/// commands, and on a pull request fails only on violations its target branch does not have.
@Suite(.timeLimit(.minutes(2)))
struct AgentChecksTests {
    static let rules = "rules:\\n  - name: feature-isolation\\n    forbid: {from: \\\":feature:**\\\", to: \\\":feature:**\\\"}\\n"

    static func job(_ id: Int64, target: CheckoutTarget) -> JobAssignment {
        var job = makeJob(id, commands: ["echo commands-ran"], repository: target)
        job.spec.env = [UITestSelection.baseBranchVariable: "main"]
        job.spec.checks = DependencyChecksStep(project: "android")
        return job
    }

    @Test("main already has b → a; a pull request adding c → a fails before its commands, one touching only docs passes")
    func newViolationsFailKnownOnesDoNot() async throws {
        let workdir = try TemporaryDirectory()
        let repo = try TemporaryDirectory("repo")
        let git = AgentGitTests.git
        try await shell("""
            \(git) init -q -b main . && mkdir -p android/feature/a android/feature/b android/feature/c && \
            printf 'include(":feature:a", ":feature:b", ":feature:c")\\n' > android/settings.gradle.kts && \
            printf 'dependencies {\\n    implementation(projects.feature.a)\\n}\\n' > android/feature/b/build.gradle.kts && \
            printf "\(Self.rules)" > android/mobile-ops-checks.yml && \
            \(git) add . && \(git) commit -q -m base && \
            \(git) checkout -q -b docs && echo notes > README.md && \(git) add . && \(git) commit -q -m docs && \
            \(git) checkout -q main && \(git) checkout -q -b coupling && \
            printf 'dependencies {\\n    implementation(project(":feature:a"))\\n}\\n' > android/feature/c/build.gradle.kts && \
            \(git) add . && \(git) commit -q -m coupling
            """, in: repo.path)
        let coupling = try await shell("git rev-parse coupling", in: repo.path)
        let docs = try await shell("git rev-parse docs", in: repo.path)

        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(70, target: CheckoutTarget(name: "acme/app", cloneURL: repo.path, commitSHA: coupling, branch: "coupling")))
            await server.state.enqueue(Self.job(71, target: CheckoutTarget(name: "acme/app", cloneURL: repo.path, commitSHA: docs, branch: "docs")))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 70, .failed)
                try await expectState(server, 71, .passed)
            }
            let failed = await server.state.log(70)
            #expect(failed.contains("2 violations of 1 rule, 1 new"), "\(failed)")
            #expect(failed.contains("new   feature-isolation: :feature:c → :feature:a (feature/c/build.gradle.kts:2)"))
            #expect(failed.contains("known feature-isolation: :feature:b → :feature:a"))
            #expect(!failed.contains("commands-ran"))
            // Its commands never ran: no command's exit status to report, as `builds show` then says.
            let outcome = await server.state.outcome(70)
            #expect(outcome?.state == .failed && outcome?.exitStatus == nil, "\(String(describing: outcome))")
            let passed = await server.state.log(71)
            #expect(passed.contains("1 violation of 1 rule, 0 new"), "\(passed)")
            #expect(passed.contains("commands-ran"))
        }
    }
}
