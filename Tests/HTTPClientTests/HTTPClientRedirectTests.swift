import HTTPClient
import Testing
import TestSupport

// MARK: - Redirects

/// Redirects are followed up to the configured limit, or not at all when disabled.
@Suite struct HTTPClientRedirectTests {
    @Test func redirectsAreFollowed() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.get(server.url("/redirect/3"))
                #expect(response.status == 200)
                #expect(response.bodyText == "done")
                #expect(response.url == server.url("/redirect/0"))
                // Only the final response's headers are reported, not the 302s' Location.
                #expect(response.header("Location") == nil)
            }
        }
    }

    @Test func redirectLimitIsEnforced() async throws {
        try await TestServer.run { server in
            try await withClient(.init(maxRedirects: 2)) { client in
                let error = await captureError { () async throws(HTTPClientError) in
                    try await client.get(server.url("/redirect/3"))
                }
                guard case .tooManyRedirects(let message) = error else {
                    Issue.record("expected tooManyRedirects, got \(String(describing: error))")
                    return
                }
                #expect(!message.isEmpty)
                // Exactly at the limit still succeeds.
                let response = try await client.get(server.url("/redirect/2"))
                #expect(response.bodyText == "done")
            }
        }
    }

    @Test func redirectsCanBeDisabled() async throws {
        try await TestServer.run { server in
            try await withClient(.init(followRedirects: false)) { client in
                let response = try await client.get(server.url("/redirect/3"))
                #expect(response.status == 302)
                #expect(response.header("location") == "/redirect/2")
                #expect(response.url == server.url("/redirect/3"))
            }
        }
    }
}
