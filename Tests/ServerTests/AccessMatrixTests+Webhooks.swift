import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Webhooks
@testable import Server

extension AccessMatrixTests {
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
