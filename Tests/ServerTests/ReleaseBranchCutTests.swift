import ChildProcesses
import Core
import DI
import DistributionFakes
import Foundation
import GitHostFakes
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Notifications
import ReleaseDriver
import Testing
@testable import Server
import TestSupport

/// A release leaves `scheduled` once its branch exists: cut through GitHub's, GitLab's or
/// Bitbucket Cloud's API, or pushed by hand and found on the clone URL.
@Suite("Release branches without a git-host token, and on Bitbucket Cloud")
struct ReleaseBranchCutTests {
    /// A bare repository with `main` at one commit, as a remote the server reads with git.
    struct Remote {
        let folder: URL
        var path: String { folder.appendingPathComponent("remote.git").path }
        let head: String

        static func make() async throws -> Remote {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("release-remote-\(UUID().uuidString)")
            let work = folder.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            _ = try await git(["init", "-q", "--bare", "-b", "main", folder.appendingPathComponent("remote.git").path], in: folder)
            _ = try await git(["init", "-q", "-b", "main"], in: work)
            _ = try await git(["commit", "-q", "--allow-empty", "-m", "first"], in: work)
            _ = try await git(["push", "-q", folder.appendingPathComponent("remote.git").path, "main:main"], in: work)
            return Remote(folder: folder, head: try await git(["rev-parse", "HEAD"], in: work))
        }

        /// Someone pushes `main` as `branch`, by hand.
        func push(_ branch: String) async throws {
            _ = try await Self.git(["push", "-q", path, "main:\(branch)"], in: folder.appendingPathComponent("work"))
        }

        static func git(_ arguments: [String], in folder: URL) async throws -> String {
            let identity = ["-c", "user.name=Ann", "-c", "user.email=ann@example.com", "-c", "commit.gpgsign=false"]
            let output = try await Command.run(.command("git", identity + arguments, in: folder.path))
            try #require(output.status.isSuccess, "git \(arguments.joined(separator: " ")): \(output.errorText)")
            return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Registers `acme/hand` at `cloneURL`, defines the manual train and starts a release; answers its id.
    static func start(_ client: any TestClientProtocol, provider: String = "github", cloneURL: String) async throws -> Int {
        let repository = try await client.send(
            .post, "/api/v1/repositories", json: #"{"name": "acme/hand", "provider": "\#(provider)", "cloneURL": "\#(cloneURL)", "defaultBranch": "main"}"#)
        try #require(repository.status == .created, "\(repository.body)")
        let train = try await client.send(.post, "/api/v1/trains", json: ReleaseTrainAPITests.manualTrain)
        try #require(train.status == .created, "\(train.body)")
        return try #require(try await client.send(.post, "/api/v1/releases", json: #"{"train": "hand-train"}"#).body["id"] as? Int)
    }

    @Test("without a token: while the branch is missing the release says how to push it and advance is 409; once pushed the scheduler records it as cut")
    func pushedByHand() async throws {
        let remote = try await Remote.make()
        defer { try? FileManager.default.removeItem(at: remote.folder) }
        let server = try await TestServer.make(backgroundServices: false, configure: { ReleaseFiles.install(in: $0, train: nil) })
        let service = try await server.server.container.resolve(ReleaseTrainService.self)
        try await server.test { client in
            let id = try await Self.start(client, cloneURL: remote.path)
            await service.checkOnce()
            var release = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(release.body["state"] as? String == "scheduled")
            let problem = release.body["problem"] as? String ?? ""
            #expect(problem.contains("git push origin main:release/1.0.0") && problem.contains("MOBILE_OPS_GITHUB_TOKEN"), "\(problem)")
            let refused = try await client.send(.post, "/api/v1/releases/\(id)/advance")
            #expect(refused.status == .conflict)
            #expect(refused.body.errorCode == "branch_not_found")

            try await remote.push("release/1.0.0")
            await service.checkOnce()
            release = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(release.body["state"] as? String == "building_rc", "\(release.body)")
            let events = release.body["events"] as? [[String: Any]] ?? []
            let cut = try #require(events.first { $0["action"] as? String == "cut_branch" })
            #expect(cut["actor"] as? String == "scheduler")
            #expect((cut["detail"] as? String)?.contains("release/1.0.0 exists at \(remote.head.prefix(12))") == true, "\(cut)")
        }
    }

    @Test("advance records a branch pushed by hand as cut, by the person; a remote that cannot be read is 502 and changes nothing")
    func advanceRecordsThePushedBranch() async throws {
        let remote = try await Remote.make()
        defer { try? FileManager.default.removeItem(at: remote.folder) }
        try await remote.push("release/1.0.0")
        // The token's host is unreachable (port 9): the API cannot cut, the remote still shows the branch.
        let server = try await TestServer.make(backgroundServices: false, configure: {
            ReleaseFiles.install(in: $0, train: nil)
            $0.notifier = NotifierConfiguration(githubAPIURL: "http://127.0.0.1:9", githubToken: "gh-token")
        })
        try await server.test { client in
            let id = try await Self.start(client, cloneURL: remote.path)
            let advanced = try await client.send(.post, "/api/v1/releases/\(id)/advance")
            #expect(advanced.status == .ok, "\(advanced.body)")
            #expect(advanced.body["state"] as? String == "branch_cut")
            let events = try await client.send(.get, "/api/v1/releases/\(id)").body["events"] as? [[String: Any]] ?? []
            let cut = try #require(events.first { $0["action"] as? String == "cut_branch" })
            #expect(cut["actor"] as? String != "scheduler")
            #expect((cut["detail"] as? String)?.contains("exists at") == true, "\(cut)")
        }
        let unreadable = try await TestServer.make(backgroundServices: false, configure: { ReleaseFiles.install(in: $0, train: nil) })
        try await unreadable.test { client in
            let id = try await Self.start(client, cloneURL: remote.folder.appendingPathComponent("nothing.git").path)
            let failed = try await client.send(.post, "/api/v1/releases/\(id)/advance")
            #expect(failed.status == .badGateway)
            #expect(failed.body.errorCode == "branch_cut_failed")
            #expect(failed.body.errorMessage?.contains("could not be read") == true, "\(failed.body)")
            #expect(try await client.send(.get, "/api/v1/releases/\(id)").body["state"] as? String == "scheduled")
        }
    }

    @Test("Bitbucket Cloud: the branch is cut through its API with MOBILE_OPS_BITBUCKET_TOKEN, from main's full commit hash; an existing one is taken as it is")
    func bitbucketCloud() async throws {
        let head = String(repeating: "c0ffee12", count: 5)
        let bitbucket = LoopbackGitHost(FakeBitbucketBranches(repository: "acme/hand", authorization: "Bearer bb-token", branches: ["main": head]))
        try await bitbucket.run { baseURL in
            let server = try await TestServer.make(backgroundServices: false, configure: {
                ReleaseFiles.install(in: $0, train: nil)
                $0.notifier = NotifierConfiguration(bitbucketAPIURL: baseURL, bitbucketToken: "bb-token")
            })
            try await server.test { client in
                let id = try await Self.start(client, provider: "bitbucket", cloneURL: "https://bitbucket.org/acme/hand.git")
                let advanced = try await client.send(.post, "/api/v1/releases/\(id)/advance")
                #expect(advanced.body["state"] as? String == "branch_cut", "\(advanced.body)")
                #expect(bitbucket.api.branches["release/1.0.0"] == head)
                let posts = bitbucket.exchanges.filter { $0.method == "POST" }
                #expect(posts.map(\.path) == ["/2.0/repositories/acme/hand/refs/branches"])
                #expect(posts.first?.headers["authorization"] == "Bearer bb-token")
                #expect(bitbucket.api.refusals.allSatisfy { $0.hasPrefix("GET /2.0/repositories/acme/hand/refs/branches/release/1.0.0: 404") }, "\(bitbucket.api.refusals)")

                // 1.1.0 was pushed already: read, not created again.
                bitbucket.update { $0.push("release/1.1.0", at: head) }
                let next = try #require(try await client.send(.post, "/api/v1/releases", json: #"{"train": "hand-train"}"#).body["id"] as? Int)
                #expect(try await client.send(.post, "/api/v1/releases/\(next)/advance").body["state"] as? String == "branch_cut")
                #expect(bitbucket.exchanges.filter { $0.method == "POST" }.count == 1)
            }
        }
    }
}
