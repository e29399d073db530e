import Foundation
import HTTPTypes
import HummingbirdTesting
import PostgresSupport
import Testing
@testable import Server

/// `POST /api/v1/agent/jobs/{id}/secrets`: a started job gets the secrets its step lists that
/// its stored build may have (repository, pipeline, branch, pull request and its origin), and
/// the reason for each it may not; every use is in the audit log.
@Suite("Which secrets a job gets")
struct SecretScopingAPITests {
    static let onPostgres: [Bool] = PostgresScratchDatabase.serverURL == nil ? [false] : [false, true]
    typealias S = SecretTestSupport

    @Test("a listed secret reaches a build whose pipeline and branch match; unlisted ones never; a pipeline's own beats the shared one; other branches are refused with the reason",
          arguments: onPostgres)
    func pipelineAndBranch(_ postgres: Bool) async throws {
        let logs = RecordedLogs()
        try await S.server(postgres: postgres, logs: logs).test { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
            let agent = try await S.registerSigner(client)

            let release = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "release/2.4", "commit": "abc123"}"#)
            #expect(release.status == .created)
            var jobs = try await S.startJobs(client, agent: agent)
            let sign = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(sign.status == .ok)
            #expect(Set(sign.given.keys) == ["ANDROID_KEYSTORE", "STORE_PASSWORD", "SIGNING_ONLY"])
            #expect(sign.given["ANDROID_KEYSTORE"]?.kind == "file" && sign.given["ANDROID_KEYSTORE"]?.value == S.keystore, "a binary file arrives byte for byte")
            #expect(sign.given["STORE_PASSWORD"]?.kind == "env" && sign.given["STORE_PASSWORD"]?.value == Array(S.storePassword.utf8))
            #expect(sign.given["SIGNING_ONLY"]?.value == Array(S.signingOnly.utf8), "the pipeline's own secret wins over the shared one")
            #expect(sign.denied["NIGHTLY_ONLY"] == "no secret named NIGHTLY_ONLY is set for this repository and pipeline signing")
            #expect(sign.denied["MISSING"] == "no secret named MISSING is set for this repository and pipeline signing")
            #expect(!sign.text.contains("UNLISTED") && !sign.text.contains(Data(S.unlisted.utf8).base64EncodedString()), "a secret the step does not list is never mentioned")
            let lint = try await S.fetch(client, agent: agent, job: try #require(jobs["lint"]))
            #expect(lint.status == .ok && lint.given.isEmpty && lint.denied.isEmpty, "a step that lists no secret gets none")
            try await S.finish(client, agent: agent, jobs: jobs)

            _ = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "feature/x", "commit": "abc124"}"#)
            jobs = try await S.startJobs(client, agent: agent)
            let feature = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(Set(feature.given.keys) == ["STORE_PASSWORD", "SIGNING_ONLY"])
            #expect(feature.denied["ANDROID_KEYSTORE"] == "branch feature/x does not match the secret's branches main, release/*")
            try await S.finish(client, agent: agent, jobs: jobs)

            // Every use is audited: build, job, agent and names; never a value.
            let audit = try await client.send(.get, "/api/v1/audit?limit=100")
            let events = audit.body["events"] as? [[String: Any]] ?? []
            let uses = events.filter { $0["action"] as? String == "secret.use" }
            #expect(uses.count == 2, "the lint job listed none, so its empty answer is not a use")
            let detail = uses.last?["detail"] as? String ?? ""
            #expect(detail.contains("given ANDROID_KEYSTORE, STORE_PASSWORD, SIGNING_ONLY") && detail.contains("agent "), "\(detail)")
            #expect((uses.last?["subject"] as? String ?? "").hasPrefix("job:"))
            let text = String(decoding: try JSONSerialization.data(withJSONObject: audit.body), as: UTF8.self)
            for value in S.values { #expect(!text.contains(value)) }
            // Nor the server's own log at trace, in clear or in base64 (the answers' form).
            let keystore = Data(S.keystore).base64EncodedString()
            for value in S.values + S.values.map({ Data($0.utf8).base64EncodedString() }) + [keystore] {
                #expect(logs.all.filter { $0.contains(value) } == [], "the server's log holds \(value)")
            }
        }
    }

    @Test("pull requests: one from the repository gets only secrets marked for pull requests; a fork's, or one whose source is unknown, gets none, and a retry of it none either",
          arguments: onPostgres)
    func pullRequests(_ postgres: Bool) async throws {
        try await S.server(postgres: postgres).test { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
            let agent = try await S.registerSigner(client)

            let same = try await WebhookAPITests.deliver(client, S.pullRequest(number: 11, head: S.sameRepository, sha: String(repeating: "1", count: 40)), event: "pull_request")
            let sameBuild = try #require(try await S.signingBuild(client, in: same.body), "\(same.body)")
            #expect(try await client.send(.get, "/api/v1/builds/\(sameBuild)").body["pullRequestOrigin"] as? String == "same_repository")
            var jobs = try await S.startJobs(client, agent: agent)
            let fromRepository = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(Set(fromRepository.given.keys) == ["STORE_PASSWORD"])
            #expect(fromRepository.denied["ANDROID_KEYSTORE"]?.hasPrefix("pull request build: the secret is not given to pull requests") == true)
            try await S.finish(client, agent: agent, jobs: jobs)

            let fork = try await WebhookAPITests.deliver(client, S.pullRequest(number: 12, head: S.fork, sha: String(repeating: "2", count: 40)), event: "pull_request")
            let forkBuild = try #require(try await S.signingBuild(client, in: fork.body))
            #expect(try await client.send(.get, "/api/v1/builds/\(forkBuild)").body["pullRequestOrigin"] as? String == "fork")
            jobs = try await S.startJobs(client, agent: agent)
            let fromFork = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(fromFork.given.isEmpty)
            #expect(Set(fromFork.denied.values) == ["pull request from a fork: secrets are never given to forks"])
            #expect(fromFork.denied.count == 5)
            for value in S.values + [Data(S.keystore).base64EncodedString()] { #expect(!fromFork.text.contains(value)) }
            try await S.finish(client, agent: agent, jobs: jobs)

            // A retry keeps the original's origin: still a fork's build.
            let retried = try await client.send(.post, "/api/v1/builds/\(forkBuild)/retry")
            #expect(retried.status == .created && retried.body["pullRequestOrigin"] as? String == "fork", "\(retried.body)")
            jobs = try await S.startJobs(client, agent: agent)
            let retry = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(retry.given.isEmpty && retry.denied["STORE_PASSWORD"] == "pull request from a fork: secrets are never given to forks")
            try await S.finish(client, agent: agent, jobs: jobs)

            let deleted = try await WebhookAPITests.deliver(client, S.pullRequest(number: 13, head: S.deletedFork, sha: String(repeating: "3", count: 40)), event: "pull_request")
            let deletedBuild = try #require(try await S.signingBuild(client, in: deleted.body))
            #expect(try await client.send(.get, "/api/v1/builds/\(deletedBuild)").body["pullRequestOrigin"] as? String == "unknown")
            jobs = try await S.startJobs(client, agent: agent)
            let unknown = try await S.fetch(client, agent: agent, job: try #require(jobs["sign"]))
            #expect(unknown.given.isEmpty)
            #expect(unknown.denied["STORE_PASSWORD"]?.contains("did not name, so it counts as a fork") == true, "\(unknown.denied)")
            try await S.finish(client, agent: agent, jobs: jobs)
        }
    }

    @Test("only the agent holding a started job gets its secrets; a retry of a build on a matching branch keeps getting them")
    func heldAndRetried() async throws {
        try await S.server().test { client in
            try await WebhookAPITests.register(client)
            try await S.setAll(client, repository: 1)
            let agent = try await S.registerSigner(client)
            let other = try await S.registerSigner(client, name: "signer-2")
            let build = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "signing", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
            let job = try #require(try await AgentAPITests.next(client, agent: agent))
            let id = try #require(job["jobID"] as? Int)
            let early = try await S.fetch(client, agent: agent, job: id)
            #expect(early.status == .conflict && early.text.contains("job_not_held"), "an assigned job not yet started gets nothing: \(early.text)")
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
            let stranger = try await S.fetch(client, agent: other, job: id)
            #expect(stranger.status == .conflict && stranger.given.isEmpty && !stranger.text.contains(S.storePassword))
            #expect(try await S.fetch(client, agent: agent, job: id).given.count == 3)
            #expect(try await S.fetch(client, agent: agent, job: 999_999).status == .conflict)
            var jobs = try await S.startJobs(client, agent: agent)
            jobs[job["stepKey"] as? String ?? "?"] = id
            try await S.finish(client, agent: agent, jobs: jobs)
            #expect(try await S.fetch(client, agent: agent, job: id).status == .conflict, "a finished job gets nothing")

            let retried = try await client.send(.post, "/api/v1/builds/\(build.body["id"] as? Int ?? 0)/retry")
            #expect(retried.status == .created)
            jobs = try await S.startJobs(client, agent: agent)
            #expect(Set(try await S.fetch(client, agent: agent, job: try #require(jobs["sign"])).given.keys) == ["ANDROID_KEYSTORE", "STORE_PASSWORD", "SIGNING_ONLY"])
        }
    }
}
