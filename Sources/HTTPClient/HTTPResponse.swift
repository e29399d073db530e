// MARK: - HTTPResponse

/// The final response of an exchange (after any redirects that were followed).
///
/// Non-2xx statuses are responses, not errors: callers decide what a 404 means to them.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code, e.g. `200`.
    public let status: Int
    /// The header fields of the final response, in the order received.
    public let headers: HTTPHeaders
    /// The response body, already decoded from any `Content-Encoding` curl negotiated.
    public let body: [UInt8]
    /// The URL that produced this response; differs from the request URL after redirects.
    public let url: String
    /// How many new connections curl opened for this exchange (`0` means one was reused).
    public let newConnections: Int

    /// Creates a response; public so callers can build fakes for their own tests.
    public init(status: Int, headers: HTTPHeaders = [], body: [UInt8] = [], url: String = "", newConnections: Int = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.newConnections = newConnections
    }

    // MARK: Conveniences

    /// The value of the first header field called `name` (any case), or `nil`.
    public func header(_ name: String) -> String? {
        self.headers[name]
    }

    /// The body decoded as UTF-8, with invalid sequences replaced rather than failing.
    public var bodyText: String {
        String(decoding: self.body, as: UTF8.self)
    }

    /// Whether the status is in the 2xx success range.
    public var isSuccess: Bool {
        (200..<300).contains(self.status)
    }
}
