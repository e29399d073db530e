import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import TestSupport
import Webhooks
@testable import Server

/// Credentials that do not travel in `Authorization`: the feed's `?token=` and webhook signatures.
extension AccessMatrixTests {
    @Test("/feed.json?token= gets what the same token gets as a header; the URL's token stays out of the log and answers")
    func feedQueryToken() async throws {
        let logs = RecordedLogs()
        let row = try #require(try AccessMatrix.shipped().rows.first { $0.operation == "GET /feed.json" })
        try await TestServer.make(logs: logs, configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            var fixture = try await AccessFixture.make(client)
            var problems: [String] = []
            // Unreserved characters stay as they are, so a token logged with the URL is found as sent.
            let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            var sent: [String] = []
            for column in AccessMatrix.Credential.allCases {
                for credential in fixture.credentials[column] ?? [] {
                    // Only a bearer value has a query form; `Basic` and `Token` have none.
                    let uri: String
                    if let authorization = credential.authorization {
                        guard authorization.hasPrefix("Bearer") else { continue }
                        let value = authorization.dropFirst("Bearer".count).trimmingCharacters(in: .whitespaces)
                        let encoded = value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
                        sent.append(encoded)
                        uri = "/feed.json?token=" + encoded
                    } else {
                        uri = "/feed.json"
                    }
                    let answer = try await AccessRequest(method: .get, uri: uri)
                        .send(client, operation: row.operation, authorization: nil, credential: credential.label)
                    fixture.answers.append(answer)
                    if let problem = Self.problem(with: answer, expected: row.outcome(column), row: row) {
                        problems.append("?token= with \(column.rawValue) (\(credential.label)): \(problem): \(answer.text.prefix(160))")
                    }
                    if row.outcome(column) == .ok { #expect(answer.headers[.contentType]?.hasPrefix("application/feed+json") == true) }
                }
            }
            #expect(problems == [])
            #expect(Self.tokenLeaks(fixture.secrets, in: fixture.answers) == [])
            #expect(logs.all.contains { $0.contains("/feed.json") })
            #expect(Self.loggedTokens(fixture.secrets + sent.filter { $0.count >= 16 }, in: logs.all) == [])
        }
    }

    @Test("a webhook delivery signed with the wrong secret is 401 invalid_signature, whatever bearer token comes with it")
    func webhooksWantTheirSignature() async throws {
        try await TestServer.make().test { client in
            var fixture = AccessFixture()
            _ = try await fixture.repository(client, "acme/ios-app", provider: "github", host: "github.com")
            _ = try await fixture.repository(client, "acme/gl-app", provider: "gitlab", host: "gitlab.com")
            _ = try await fixture.repository(client, "acme/bb-app", provider: "bitbucket", host: "bitbucket.org")
            for provider in ["github", "gitlab", "bitbucket"] {
                let row = AccessMatrix.Row(method: "POST", path: "/api/v1/webhooks/\(provider)", outcomes: [])
                var request = fixture.request(for: row)
                let wrong = WebhookSigner.hmacSHA256Signature(body: Array((request.body ?? "").utf8), secret: "not-the-secret-0123456789")
                switch provider {
                case "github": request.headers[.init("X-Hub-Signature-256")!] = wrong
                case "gitlab": request.headers[.init("X-Gitlab-Token")!] = "not-the-secret-0123456789"
                default: request.headers[.init("X-Hub-Signature")!] = wrong
                }
                for token in [nil, TestServer.adminToken] {
                    let answer = try await request.send(client, operation: row.operation, authorization: token.map { "Bearer \($0)" }, credential: "wrong signature")
                    #expect(answer.status == .unauthorized, "\(provider): \(answer.text)")
                    #expect((answer.json["error"] as? [String: Any])?["code"] as? String == "invalid_signature", "\(provider)")
                    #expect(answer.headers[.wwwAuthenticate] == nil, "\(provider)")
                }
            }
        }
    }
}
