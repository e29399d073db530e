@testable import HTTPClient
import Testing
import TestSupport

// MARK: - Failures

/// Each kind of failure surfaces as its own typed error, carrying curl's message.
@Suite struct HTTPClientErrorTests {
    @Test func timeoutIsReported() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                // `/gate` never answers until the server stops, so only the timeout can end this.
                let error = await captureError { () async throws(HTTPClientError) in
                    try await client.get(server.url("/gate"), timeout: .milliseconds(200))
                }
                guard case .timedOut(let message) = error else {
                    Issue.record("expected timedOut, got \(String(describing: error))")
                    return
                }
                #expect(message.contains("imeout") || message.contains("imed out"))
                #expect(error?.isTransient == true)
            }
        }
    }

    @Test func refusedConnectionIsReported() async throws {
        let port = try await TestServer.closedPort()
        try await withClient { client in
            let error = await captureError { () async throws(HTTPClientError) in
                try await client.get("http://127.0.0.1:\(port)/")
            }
            guard case .connectionFailed(let message) = error else {
                Issue.record("expected connectionFailed, got \(String(describing: error))")
                return
            }
            #expect(message.contains("\(port)"))
        }
    }

    @Test func tlsHandshakeFailureIsReported() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                // Speaking TLS to a plain-HTTP port fails the handshake, all on loopback.
                let error = await captureError { () async throws(HTTPClientError) in
                    try await client.get("https://127.0.0.1:\(server.port)/hello", timeout: .seconds(10))
                }
                guard case .tlsFailure(let message) = error else {
                    Issue.record("expected tlsFailure, got \(String(describing: error))")
                    return
                }
                #expect(!message.isEmpty)
            }
        }
    }

    @Test(arguments: ["not a url", "ftp://127.0.0.1/file", "file:///etc/passwd", "127.0.0.1/no-scheme", "http://", ""])
    func invalidURLsAreRejectedBeforeSending(url: String) async throws {
        try await withClient { client in
            let error = await captureError { () async throws(HTTPClientError) in try await client.get(url) }
            guard case .invalidURL = error else {
                Issue.record("expected invalidURL for \(url.debugDescription), got \(String(describing: error))")
                return
            }
        }
    }

    @Test func headerInjectionIsRejected() async throws {
        try await withClient { client in
            let error = await captureError { () async throws(HTTPClientError) in
                try await client.get("http://127.0.0.1:1/", headers: ["X-Evil": "a\r\nInjected: yes"])
            }
            #expect(error == .invalidRequest("invalid header field \"X-Evil\""))
            let badMethod = await captureError { () async throws(HTTPClientError) in
                try await client.execute(.init(method: HTTPMethod(rawValue: "GET /x HTTP/1.1\r\n"), url: "http://127.0.0.1:1/"))
            }
            guard case .invalidRequest = badMethod else {
                Issue.record("expected invalidRequest, got \(String(describing: badMethod))")
                return
            }
        }
    }

    @Test func oversizedResponseIsRejected() async throws {
        try await TestServer.run { server in
            try await withClient(.init(maxResponseBodySize: 1000)) { client in
                let error = await captureError { () async throws(HTTPClientError) in
                    try await client.get(server.url("/large/5000"))
                }
                #expect(error == .responseTooLarge(limit: 1000))
                // Exactly at the limit is fine.
                let response = try await client.get(server.url("/large/1000"))
                #expect(response.body.count == 1000)
            }
        }
    }

    @Test func curlCodesMapToTypedErrors() {
        #expect(HTTPClientError(curlCode: 6, message: "m") == .dnsFailure("m"))
        #expect(HTTPClientError(curlCode: 7, message: "m") == .connectionFailed("m"))
        #expect(HTTPClientError(curlCode: 28, message: "m") == .timedOut("m"))
        #expect(HTTPClientError(curlCode: 35, message: "m") == .tlsFailure("m"))
        #expect(HTTPClientError(curlCode: 60, message: "m") == .tlsFailure("m"))
        #expect(HTTPClientError(curlCode: 47, message: "m") == .tooManyRedirects("m"))
        #expect(HTTPClientError(curlCode: 3, message: "m") == .invalidURL("m"))
        #expect(HTTPClientError(curlCode: 56, message: "m") == .transferFailed(code: 56, message: "m"))
        #expect(HTTPClientError.dnsFailure("x").description.contains("x"))
    }
}
