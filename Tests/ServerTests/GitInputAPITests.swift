import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// Values the server later hands to git (clone URLs, branches, commits, revisions) are
/// checked where they enter: a leading `-` is an option to git, and `ext::` runs a command.
@Suite("Git values are refused at input")
struct GitInputAPITests {
    static let hostile = ["-uhttps://example.com/x.git", "--upload-pack=touch /tmp/pwned", "ext::sh -c touch% /tmp/pwned", "EXT::sh", "fd::7"]

    @Test("repositories: a clone URL or default branch starting with '-' or using a remote helper is a 400")
    func repositories() async throws {
        try await TestServer.make().test { client in
            for url in Self.hostile {
                let body = #"{"name": "acme/app", "provider": "github", "cloneURL": "\#(url)"}"#
                let response = try await client.send(.post, "/api/v1/repositories", json: body)
                #expect(response.status == .badRequest, "\(url)")
                #expect(response.body.errorMessage?.contains("cloneURL") == true, "\(url)")
            }
            for branch in ["-x", "--orphan", "ext::sh", "a\\u0001b"] {
                let body = #"{"name": "acme/app", "provider": "github", "cloneURL": "https://example.com/app.git", "defaultBranch": "\#(branch)"}"#
                let response = try await client.send(.post, "/api/v1/repositories", json: body)
                #expect(response.status == .badRequest, "\(branch)")
                #expect(response.body.errorMessage?.contains("defaultBranch") == true, "\(branch)")
            }
            let fine = #"{"name": "acme/app", "provider": "github", "cloneURL": "git@github.com:acme/app.git", "defaultBranch": "release/1.0"}"#
            #expect(try await client.send(.post, "/api/v1/repositories", json: fine).status == .created)
        }
    }

    @Test("manual builds: a branch or commit starting with '-' or using a remote helper is a 400")
    func manualBuilds() async throws {
        try await TestServer.make().test { client in
            for field in ["branch", "commit"] {
                for value in ["-x", "--output=/tmp/pwned", "ext::sh -c id"] {
                    let body = #"{"pipeline": "app-ci", "\#(field)": "\#(value)"}"#
                    let response = try await client.send(.post, "/api/v1/builds", json: body)
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(response.body.errorCode == "invalid_\(field)", "\(body)")
                }
            }
            #expect(try await WebhookAPITests.buildCount(client) == 0)
        }
    }

    @Test("impact: a base or head starting with '-' or using a remote helper is a 400")
    func impactRevisions() async throws {
        try await TestServer.make().test { client in
            for field in ["base", "head"] {
                for value in ["-x", "ext::sh -c id", "main\\u0000x"] {
                    let body = #"{"repository": "acme/app", "\#(field)": "\#(value)", "base": "main"}"#
                        .replacingOccurrences(of: #", "base": "main""#, with: field == "base" ? "" : #", "base": "main""#)
                    let response = try await client.send(.post, "/api/v1/impact", json: body)
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(response.body.errorCode == "invalid_\(field)", "\(body)")
                }
            }
        }
    }

    @Test("webhooks: a NUL inside a JSON string is a 400, not a value cut short")
    func webhookNUL() async throws {
        try await TestServer.make().test { client in
            try await WebhookAPITests.register(client)
            let push = TestPipelines.githubPush().replacingOccurrences(of: "refs/heads/main", with: #"refs/heads/main\u0000--evil"#)
            #expect(push.contains(#"\u0000"#))
            let response = try await WebhookAPITests.deliver(client, push)
            #expect(response.status == .badRequest)
            #expect(try await WebhookAPITests.buildCount(client) == 0)
        }
    }
}
