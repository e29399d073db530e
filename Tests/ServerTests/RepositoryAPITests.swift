import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

@Suite("The repositories API")
struct RepositoryAPITests {
    static let iosApp = #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#

    @Test("POST creates (201) with a generated secret shown once; GET lists and shows without it")
    func createAndRead() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/api/v1/repositories", json: Self.iosApp)
            #expect(created.status == .created)
            #expect(created.body["name"] as? String == "acme/ios-app")
            #expect(created.body["defaultBranch"] as? String == "main")
            #expect((created.body["webhookSecret"] as? String)?.count == 64)
            let id = try #require(created.body["id"] as? Int)

            let list = try await client.send(.get, "/api/v1/repositories")
            let repositories = try #require(list.body["repositories"] as? [[String: Any]])
            #expect(repositories.count == 1)
            #expect(repositories[0]["webhookSecret"] == nil)

            let one = try await client.send(.get, "/api/v1/repositories/\(id)")
            #expect(one.status == .ok)
            #expect(one.body["provider"] as? String == "github")
            #expect(one.body["webhookSecret"] == nil)
            #expect((one.body["createdAt"] as? String)?.hasSuffix("Z") == true)
        }
    }

    @Test("the list served from cache shows a repository added after it was cached")
    func listCacheInvalidation() async throws {
        try await TestServer.make().test { client in
            let empty = try await client.send(.get, "/api/v1/repositories")
            let emptyAgain = try await client.send(.get, "/api/v1/repositories")
            #expect((empty.body["repositories"] as? [Any])?.isEmpty == true)
            #expect((emptyAgain.body["repositories"] as? [Any])?.isEmpty == true)
            _ = try await client.send(.post, "/api/v1/repositories", json: Self.iosApp)
            let one = try await client.send(.get, "/api/v1/repositories")
            #expect((one.body["repositories"] as? [[String: Any]])?.map { $0["name"] as? String } == ["acme/ios-app"])
        }
    }

    @Test("a given webhook secret is kept; a short one is refused")
    func givenSecret() async throws {
        try await TestServer.make().test { client in
            let body = #"{"name": "acme/a", "provider": "gitlab", "cloneURL": "u", "webhookSecret": "0123456789abcdef-given"}"#
            let created = try await client.send(.post, "/api/v1/repositories", json: body)
            #expect(created.body["webhookSecret"] as? String == "0123456789abcdef-given")
            let short = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/b", "provider": "gitlab", "cloneURL": "u", "webhookSecret": "short"}"#)
            #expect(short.status == .badRequest)
            #expect(short.body.errorCode == "invalid_webhook_secret")
        }
    }

    @Test("a second repository with the same name (any case) is 409 and changes nothing")
    func duplicate() async throws {
        try await TestServer.make().test { client in
            #expect(try await client.send(.post, "/api/v1/repositories", json: Self.iosApp).status == .created)
            let again = try await client.send(.post, "/api/v1/repositories", json: Self.iosApp.replacingOccurrences(of: "acme/ios-app\"", with: "ACME/iOS-App\""))
            #expect(again.status == .conflict)
            #expect(again.body.errorCode == "conflict")
            let list = try await client.send(.get, "/api/v1/repositories")
            #expect((list.body["repositories"] as? [Any])?.count == 1)
        }
    }

    @Test("an unknown provider is 400 and lists the allowed values")
    func unknownProvider() async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/x", "provider": "svn", "cloneURL": "u"}"#)
            #expect(response.status == .badRequest)
            #expect(response.body.errorCode == "invalid_provider")
            #expect(response.body.errorMessage?.contains("github, gitlab, bitbucket") == true)
        }
    }

    @Test("malformed JSON, missing fields, wrong types and empty bodies are 400 and store nothing")
    func malformed() async throws {
        try await TestServer.make().test { client in
            let bodies = [#"{"name": "#, #"{"name": "acme/x"}"#, #"{"name": 5, "provider": "github", "cloneURL": "u"}"#, "", "[]", #"{"name": "noslash", "provider": "github", "cloneURL": "u"}"#]
            for body in bodies {
                let response = try await client.send(.post, "/api/v1/repositories", json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.body.errorMessage?.isEmpty == false)
            }
            let missing = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/x", "provider": "github"}"#)
            #expect(missing.body.errorMessage == "missing field 'cloneURL'")
            let list = try await client.send(.get, "/api/v1/repositories")
            #expect((list.body["repositories"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a body over the limit is 413 and stores nothing")
    func oversized() async throws {
        try await TestServer.make(configure: { $0.maxBodySize = 4096 }).test { client in
            let padding = String(repeating: "x", count: 10_000)
            let body = #"{"name": "acme/big", "provider": "github", "cloneURL": "\#(padding)"}"#
            let response = try await client.send(.post, "/api/v1/repositories", json: body)
            #expect(response.status == .contentTooLarge)
            #expect(response.body.errorCode == "payload_too_large")
            let list = try await client.send(.get, "/api/v1/repositories")
            #expect((list.body["repositories"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("unknown and non-numeric ids are 404")
    func unknownID() async throws {
        try await TestServer.make().test { client in
            #expect(try await client.send(.get, "/api/v1/repositories/42").status == .notFound)
            let word = try await client.send(.get, "/api/v1/repositories/abc")
            #expect(word.status == .notFound)
            #expect(word.body.errorCode == "not_found")
        }
    }

    @Test("removing a repository keeps its finished builds and their jobs, with no repository")
    func removalKeepsBuilds() async throws {
        try await TestServer.make().test { client in
            let id = try #require(try await client.send(.post, "/api/v1/repositories", json: Self.iosApp).body["id"] as? Int)
            let created = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "repository": "acme/ios-app", "commit": "abc123"}"#)
            let buildID = try #require(created.body["id"] as? Int)
            #expect(try await client.send(.delete, "/api/v1/repositories/\(id)").status == .conflict, "an unfinished build blocks the removal")
            #expect(try await client.send(.post, "/api/v1/builds/\(buildID)/cancel").status == .ok)
            let jobs = try #require(try await client.send(.get, "/api/v1/builds/\(buildID)").body["jobs"] as? [[String: Any]])

            #expect(try await client.send(.delete, "/api/v1/repositories/\(id)").status == .ok)
            let build = try await client.send(.get, "/api/v1/builds/\(buildID)")
            #expect(build.status == .ok)
            #expect(build.body["repositoryID"] == nil)
            #expect(build.body["state"] as? String == "canceled")
            #expect((build.body["jobs"] as? [[String: Any]])?.count == jobs.count)
            let jobID = try #require(jobs.first?["id"] as? Int)
            #expect(try await client.send(.get, "/api/v1/jobs/\(jobID)").status == .ok)
            #expect((try await client.send(.get, "/api/v1/builds").body["builds"] as? [Any])?.count == 1)
        }
    }

    @Test("creation is recorded in the audit log under the caller's token")
    func audited() async throws {
        try await TestServer.make().test { client in
            _ = try await client.send(.post, "/api/v1/repositories", json: Self.iosApp)
            let audit = try await client.send(.get, "/api/v1/audit?limit=5")
            let events = try #require(audit.body["events"] as? [[String: Any]])
            let event = try #require(events.first)
            #expect(event["action"] as? String == "repository.create")
            #expect((event["actor"] as? String)?.contains("bootstrap-admin") == true)
        }
    }
}
