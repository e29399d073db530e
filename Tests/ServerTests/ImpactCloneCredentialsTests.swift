import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// A clone URL may carry a git host's token (`https://x-access-token:TOKEN@host/…`). When the
/// server cannot fetch it, `POST /api/v1/impact` and `POST /api/v1/checks/deps` say why, and
/// what they quote (git's command line and its error) must not carry the token: a read token is
/// enough to call them.
@Suite("Impact and dependency checks: clone URL credentials stay out of answers")
struct ImpactCloneCredentialsTests {
    static let token = "tok3n-NEVER-SHOWN-4c1d"

    @Test("a clone that fails answers 400 naming the URL with its credentials masked")
    func maskedInFailures() async throws {
        try await TestServer.make().test { client in
            // Port 9 (discard) on loopback: refused at once, so git fails without waiting.
            let url = "https://mobileops:\(Self.token)@127.0.0.1:9/acme/app.git"
            let created = try await client.send(
                .post, "/api/v1/repositories", json: #"{"name": "acme/app", "provider": "github", "cloneURL": "\#(url)", "defaultBranch": "main"}"#)
            #expect(created.status == .created, "\(created.body)")
            let calls = [
                ("/api/v1/impact", #"{"repository": "acme/app", "changedFiles": ["App/a.swift"]}"#),
                ("/api/v1/checks/deps", #"{"repository": "acme/app"}"#),
            ]
            for (path, body) in calls {
                let answer = try await client.send(.post, path, json: body)
                let message = answer.body.errorMessage ?? ""
                #expect(answer.status == .badRequest, "\(path): \(answer.body)")
                #expect(message.contains("mobileops:***@127.0.0.1:9"), "\(path) names the URL, masked: \(message)")
                #expect(!message.contains(Self.token), "\(path) shows no token: \(message)")
            }
        }
    }
}
