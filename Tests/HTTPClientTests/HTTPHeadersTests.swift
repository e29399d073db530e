import HTTPClient
import Testing
import TestSupport

// MARK: - Headers

/// Ordered, duplicate-preserving headers with case-insensitive lookup.
@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsOrder() {
        var headers: HTTPHeaders = ["Accept": "a", "Set-Cookie": "one"]
        headers.add(name: "set-cookie", value: "two")
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "Set-Cookie") == ["one", "two"])
        #expect(headers.map(\.name) == ["Accept", "Set-Cookie", "set-cookie"])
        #expect(headers.contains("accept"))
        #expect(headers["missing"] == nil)
    }

    @Test func replaceAndRemove() {
        var headers: HTTPHeaders = [HTTPHeader(name: "X-A", value: "1"), HTTPHeader(name: "x-a", value: "2")]
        headers.replaceOrAdd(name: "X-A", value: "3")
        #expect(headers.values(for: "x-a") == ["3"])
        headers.remove(name: "x-A")
        #expect(headers.isEmpty)
    }

    @Test func nonASCIINamesCompareExactly() {
        let header = HTTPHeader(name: "X-Ä", value: "v")
        #expect(header.hasName("x-Ä"))
        #expect(!header.hasName("x-ä"))
    }

    @Test func literalsAndDescription() {
        let headers: HTTPHeaders = [HTTPHeader(name: "A", value: "1"), HTTPHeader(name: "B", value: "2")]
        #expect(headers == ["A": "1", "B": "2"])
        #expect(headers.description == "A: 1\nB: 2")
        #expect(HTTPHeaders().isEmpty)
    }

    @Test func emptyValueIsSentAsEmptyNotDropped() async throws {
        try await TestServer.run { server in
            try await withClient { client in
                let response = try await client.get(server.url("/headers"), headers: ["X-Request-Id": ""])
                #expect(response.header("X-Echo-Id") == "")
            }
        }
    }
}
