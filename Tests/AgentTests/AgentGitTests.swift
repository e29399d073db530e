import Agent
import Core
import Foundation
import Testing
import TestSupport

/// Checkout of a real local repository through the mirror cache.
@Suite(.timeLimit(.minutes(2)))
struct AgentGitTests {
    /// `git` with an identity, so commits work on a bare machine.
    static let git = "git -c user.name=Test -c user.email=test@example.com -c init.defaultBranch=main"

    @Test func checksOutTheCommitAndReusesTheMirror() async throws {
        let workdir = try TemporaryDirectory()
        let repo = try TemporaryDirectory("repo")
        try await shell("\(Self.git) init -q . && echo one > version.txt && \(Self.git) add . && \(Self.git) commit -q -m one", in: repo.path)
        let first = try await shell("git rev-parse HEAD", in: repo.path)
        try await shell("echo two > version.txt && \(Self.git) commit -q -am two", in: repo.path)

        try await FakeAgentServer.run { server in
            let target = CheckoutTarget(name: "acme/ios app", cloneURL: repo.path, commitSHA: first, branch: "main")
            await server.state.enqueue(makeJob(40, commands: ["cat version.txt", "git rev-parse HEAD", "echo branch=$MOBILE_OPS_BRANCH commit=$MOBILE_OPS_COMMIT"], repository: target))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 40, .passed)
                let log = await server.state.log(40)
                #expect(log.contains("one\n"))
                #expect(!log.contains("two\n"))
                #expect(log.contains("\(first)\n"))
                #expect(log.contains("branch=main commit=\(first)"))

                // The mirror is cached; a marker in it must survive the next job's fetch.
                let mirror = workdir.path + "/mirrors/acme_ios_app.git"
                #expect(FileManager.default.fileExists(atPath: mirror + "/HEAD"))
                _ = FileManager.default.createFile(atPath: mirror + "/reuse-marker", contents: Data())

                try await shell("echo three > version.txt && \(Self.git) commit -q -am three", in: repo.path)
                let third = try await shell("git rev-parse HEAD", in: repo.path)
                let next = CheckoutTarget(name: "acme/ios app", cloneURL: "file://" + repo.path, commitSHA: third, branch: "main")
                await server.state.enqueue(makeJob(41, commands: ["cat version.txt"], repository: next))
                try await expectState(server, 41, .passed)
                #expect((await server.state.log(41)).contains("three\n"))
                #expect(FileManager.default.fileExists(atPath: mirror + "/reuse-marker"))
            }
        }
    }

    @Test("a branch name (scheduled and manual builds) checks out the branch's current tip, even with a cached mirror")
    func checksOutABranchTip() async throws {
        let workdir = try TemporaryDirectory()
        let repo = try TemporaryDirectory("repo")
        try await shell("\(Self.git) init -q . && echo one > version.txt && \(Self.git) add . && \(Self.git) commit -q -m one", in: repo.path)
        try await shell("\(Self.git) checkout -q -b nightly && echo nightly-one > version.txt && \(Self.git) commit -q -am n1 && \(Self.git) checkout -q main", in: repo.path)

        try await FakeAgentServer.run { server in
            let target = CheckoutTarget(name: "acme/app", cloneURL: repo.path, commitSHA: "nightly", branch: "nightly")
            await server.state.enqueue(makeJob(43, commands: ["cat version.txt"], repository: target))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 43, .passed)
                #expect((await server.state.log(43)).contains("nightly-one\n"))
                let tip = try await shell("\(Self.git) rev-parse nightly", in: repo.path).trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(await server.state.checkouts[43] == tip, "the agent reports the commit the branch pointed at")

                try await shell("\(Self.git) checkout -q nightly && echo nightly-two > version.txt && \(Self.git) commit -q -am n2 && \(Self.git) checkout -q main", in: repo.path)
                await server.state.enqueue(makeJob(44, commands: ["cat version.txt"], repository: target))
                try await expectState(server, 44, .passed)
                #expect((await server.state.log(44)).contains("nightly-two\n"), "the cached mirror was fetched again")
            }
        }
    }

    @Test func unknownCommitFailsTheJob() async throws {
        let workdir = try TemporaryDirectory()
        let repo = try TemporaryDirectory("repo")
        try await shell("\(Self.git) init -q . && echo one > a.txt && \(Self.git) add . && \(Self.git) commit -q -m one", in: repo.path)
        try await FakeAgentServer.run { server in
            let target = CheckoutTarget(name: "acme/app", cloneURL: repo.path, commitSHA: String(repeating: "ab", count: 20), branch: nil)
            await server.state.enqueue(makeJob(42, commands: ["echo should-not-run"], repository: target))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 42, .failed)
            }
            let log = await server.state.log(42)
            #expect(log.contains("checkout failed"))
            #expect(!log.contains("should-not-run\n"))
        }
    }

    @Test func jobWithoutRepositoryRunsInAnEmptyWorkspace() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(43, commands: ["echo count=$(ls -A | wc -l)"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 43, .passed)
            }
            #expect((await server.state.log(43)).contains("count=0"))
        }
    }
}
