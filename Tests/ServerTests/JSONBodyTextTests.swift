import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// The text rule every JSON request body meets (`JSONBodyText`): no NUL anywhere, no control
/// character in a member name or a name, each refused with a 400 naming the field and nothing stored.
@Suite("Text no stored value may hold, refused at decoding")
struct JSONBodyTextTests {
    @Test("a NUL in a token name, a repository name or a build's env key is a 400 naming the field; nothing is stored")
    func nulRefused() async throws {
        try await TestServer.make().test { client in
            let token = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "nul\u0000x", "scopes": ["read"]}"#)
            #expect(token.status == .badRequest)
            #expect(token.body.errorCode == "invalid_name")
            #expect(token.body.errorMessage == #"field 'name' holds a NUL character (\u0000), which stored text cannot hold"#)
            let tokens = try await client.send(.get, "/api/v1/tokens")
            #expect((tokens.body["tokens"] as? [[String: Any]])?.contains { ($0["name"] as? String)?.hasPrefix("nul") == true } == false)

            let repository = try await client.send(
                .post, "/api/v1/repositories", json: #"{"name": "qa/nul\u0000x", "provider": "github", "cloneURL": "https://github.com/qa/x.git"}"#)
            #expect(repository.status == .badRequest)
            #expect(repository.body.errorCode == "invalid_name")
            #expect((try await client.send(.get, "/api/v1/repositories").body["repositories"] as? [Any])?.isEmpty == true)

            _ = try await AgentAPITests.trigger(client)
            let build = try await client.send(
                .post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123", "env": {"A\u0000B": "1"}}"#)
            #expect(build.status == .badRequest)
            #expect(build.body.errorCode == "invalid_env")
            #expect(build.body.errorMessage?.hasPrefix("field 'env' holds a NUL character") == true, "\(build.body)")
            let value = try await client.send(
                .post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123", "env": {"A": "x\u0000y"}}"#)
            #expect(value.status == .badRequest)
            #expect(value.body.errorMessage?.hasPrefix("field 'env.A' holds a NUL character") == true, "\(value.body)")
            #expect((try await client.send(.get, "/api/v1/builds").body["builds"] as? [Any])?.count == 1, "only the first, valid build")
        }
    }

    @Test("a control character in a name or a member name is refused; in other text it is kept")
    func controlCharactersInNames() async throws {
        try await TestServer.make().test { client in
            let token = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "ops\nforged line", "scopes": ["read"]}"#)
            #expect(token.status == .badRequest)
            #expect(token.body.errorMessage == "field 'name' holds a control character (U+000A); a name cannot hold one")
            let fleet = try await client.send(.post, "/api/v1/agents/tokens", json: #"{"name": "fleet\u001b[31m"}"#)
            #expect(fleet.status == .badRequest)
            #expect(fleet.body.errorCode == "invalid_name")

            let registration = try await client.send(.post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let registrationToken = try #require(registration.body["token"] as? String)
            for body in [
                #"{"name": "mac\u0085", "tags": {}, "slots": 1}"#,
                #"{"name": "mac", "hostname": "host\r", "tags": {}, "slots": 1}"#,
                #"{"name": "mac", "tags": {"plat\tform": "ios"}, "slots": 1}"#,
            ] {
                let registered = try await client.send(.post, "/api/v1/agents/register", token: registrationToken, json: body)
                #expect(registered.status == .badRequest, "\(body)")
            }
            #expect((try await client.send(.get, "/api/v1/agents").body["agents"] as? [Any])?.isEmpty == true)

            _ = try await AgentAPITests.trigger(client)
            let multiline = try await client.send(
                .post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123", "env": {"CERT": "line 1\nline 2\t\u001b"}}"#)
            #expect(multiline.status == .created, "an environment value may hold line breaks: \(multiline.body)")
        }
    }

    @Test("impact analysis and dependency checks meet the same rule before anything else")
    func analysisBodies() async throws {
        try await TestServer.make().test { client in
            let bodies = [
                ("/api/v1/impact", #"{"repository": "acme/app", "changedFiles": ["App/a\u0000.swift"]}"#),
                ("/api/v1/checks/deps", #"{"repository": "acme/app", "revision": "ma\u0000in"}"#),
            ]
            for (path, body) in bodies {
                let answer = try await client.send(.post, path, json: body)
                #expect(answer.status == .badRequest, "\(path): \(answer.body)")
                #expect(answer.body.errorMessage?.contains("holds a NUL character") == true, "\(path): \(answer.body)")
            }
        }
    }

    @Test("only bodies with an escape or a DEL or C1 character are walked")
    func fastPath() {
        for (text, walked) in [(#"{"name": "plain é"}"#, false), (#"{"name": "a\"b"}"#, true), ("{\"name\": \"a\u{7F}\"}", true), ("{\"name\": \"a\u{85}\"}", true)] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBytes { JSONBodyText.mayHoldControlCharacters($0) } == walked, "\(text)")
        }
    }
}
