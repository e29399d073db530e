// MARK: - HTTPStreamedResponse

/// A response whose head has arrived and whose body is still arriving
/// (``HTTPClient/stream(_:)``): for bodies too large to hold, such as build artifacts.
public struct HTTPStreamedResponse: Sendable {
    /// The HTTP status code of the final response, e.g. `200`.
    public let status: Int
    /// The header fields of the final response, in the order received.
    public let headers: HTTPHeaders
    /// The URL that produced this response; differs from the request URL after redirects.
    public let url: String
    /// The body, to read once; the transfer runs until it is read to its end or dropped.
    public let body: HTTPResponseBody

    /// Pairs a head with its body.
    init(head: HTTPResponse, body: HTTPResponseBody) {
        self.status = head.status
        self.headers = head.headers
        self.url = head.url
        self.body = body
    }

    /// The value of the first header field called `name` (any case), or `nil`.
    public func header(_ name: String) -> String? {
        self.headers[name]
    }

    /// Whether the status is in the 2xx success range.
    public var isSuccess: Bool {
        (200..<300).contains(self.status)
    }

    /// Reads the rest of the body and answers the whole response, for the answers a caller
    /// wants whole after seeing the head (an error's explanation, say); fails with
    /// ``HTTPClientError/responseTooLarge(limit:)`` past `limit` bytes.
    public func collected(upTo limit: Int) async throws(HTTPClientError) -> HTTPResponse {
        let body = try await self.body.collect(upTo: limit)
        return HTTPResponse(status: self.status, headers: self.headers, body: body, url: self.url)
    }
}
