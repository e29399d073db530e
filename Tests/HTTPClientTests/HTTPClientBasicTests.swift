import HTTPClient
import Testing
import TestSupport

// MARK: - Basic exchanges

/// Requests and responses round-trip correctly against a real server.
@Suite struct HTTPClientBasicTests {
    @Test func getReturnsStatusHeadersAndBody() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.get(server.url("/hello"))
                #expect(response.status == 200)
                #expect(response.isSuccess)
                #expect(response.bodyText == "hello")
                #expect(response.header("content-length") == "5")
                #expect(response.url == server.url("/hello"))
            }
        }
    }

    @Test func errorStatusesAreResponsesNotErrors() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.get(server.url("/missing"))
                #expect(response.status == 404)
                #expect(!response.isSuccess)
            }
        }
    }

    @Test func postSendsBinaryBody() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let body: [UInt8] = [0, 1, 2, 0, 255, 13, 10, 0]
                let response = try await client.post(
                    server.url("/echo"),
                    headers: ["Content-Type": "application/octet-stream"],
                    body: body
                )
                #expect(response.status == 200)
                #expect(response.body == body)
                #expect(response.header("X-Body-Length") == "\(body.count)")
                #expect(response.header("X-Request-Content-Type") == "application/octet-stream")
            }
        }
    }

    @Test func postWithoutContentTypeIsNotLabelledAsForm() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let request = HTTPClient.Request(method: .post, url: server.url("/echo"), text: "{\"a\":1}")
                let response = try await client.execute(request)
                #expect(response.bodyText == "{\"a\":1}")
                #expect(response.header("X-Request-Content-Type") == "none")
            }
        }
    }

    @Test func largeRequestBodyIsSentWhole() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let body = (0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                let response = try await client.post(server.url("/echo"), body: body)
                #expect(response.header("X-Body-Length") == "\(body.count)")
                #expect(response.body == body)
            }
        }
    }

    @Test func headersTravelBothWays() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.get(server.url("/headers"), headers: ["X-Request-Id": "abc-123"])
                #expect(response.status == 202)
                #expect(response.header("x-echo-id") == "abc-123")
                #expect(response.headers["X-ECHO-ID"] == "abc-123")
                #expect(response.headers.values(for: "x-multi") == ["one", "two"])
                // The default User-Agent arrives, and a request header overrides it.
                #expect(response.bodyText == "mobile-ops")
                let custom = try await client.get(server.url("/headers"), headers: ["User-Agent": "custom/1"])
                #expect(custom.bodyText == "custom/1")
            }
        }
    }

    @Test(arguments: [HTTPMethod.get, .put, .patch, .delete, .options])
    func methodsReachTheServer(method: HTTPMethod) async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let body: [UInt8]? = method == .get ? nil : [1, 2, 3]
                let response = try await client.execute(.init(method: method, url: server.url("/method"), body: body))
                #expect(response.status == 200)
                #expect(response.bodyText == "\(method.rawValue):\(body?.count ?? 0)")
            }
        }
    }

    @Test func headHasNoBody() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.execute(.init(method: .head, url: server.url("/method")))
                #expect(response.status == 200)
                #expect(response.body.isEmpty)
            }
        }
    }

    @Test func largeResponseBodyArrivesIntact() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let size = 16 * 1024 * 1024
                let response = try await client.get(server.url("/large/\(size)"))
                #expect(response.status == 200)
                #expect(response.body.count == size)
                #expect(response.body == TestServer.patternBytes(size))
            }
        }
    }
}
