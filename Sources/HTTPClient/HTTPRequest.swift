import MemberwiseInit

// MARK: - HTTPRequest

/// Everything needed to perform one HTTP exchange with ``HTTPClient``.
///
/// A plain value so callers can build, store and retry requests freely; validation happens
/// when the request is executed, and problems surface as ``HTTPClientError``.
@MemberwiseInit(.public)
public struct HTTPRequest: Sendable, Hashable {
    /// The request method.
    public var method: HTTPMethod = .get
    /// The absolute `http` or `https` URL, e.g. `"https://api.github.com/repos/o/r"`.
    public var url: String
    /// Header fields to send, in order. `User-Agent` here overrides the client's default.
    public var headers: HTTPHeaders = []
    /// The request body, or `nil` for none. An empty array sends `Content-Length: 0`.
    public var body: [UInt8]?
    /// A file whose contents are the body, streamed from disk instead of held in memory
    /// (large uploads such as build artifacts); exclusive with `body`.
    public var bodyFile: String?
    /// The limit for the whole exchange: connecting, redirects, sending and receiving.
    public var timeout: Duration = .seconds(30)
    /// Signs the request with AWS Signature Version 4 (S3 and compatible stores), or `nil`.
    public var awsSigV4: AWSSigV4?

    /// Creates a request whose body is the UTF-8 encoding of `text`.
    public init(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = [],
        text: String,
        timeout: Duration = .seconds(30)
    ) {
        self.init(method: method, url: url, headers: headers, body: Array(text.utf8), timeout: timeout)
    }

    // MARK: Validation

    /// Checks the parts curl would otherwise accept silently or misinterpret, so bad input
    /// fails fast on the caller's task instead of on the transfer thread.
    func validate() throws(HTTPClientError) {
        guard self.method.isValidToken else {
            throw .invalidRequest("invalid method \(self.method.rawValue.debugDescription)")
        }
        if let field = self.headers.firstInvalidField {
            throw .invalidRequest("invalid header field \(field.name.debugDescription)")
        }
        if self.bodyFile != nil, self.body != nil {
            throw .invalidRequest("a request has either a body or a body file, not both")
        }
        guard self.timeout > .zero else {
            throw .invalidRequest("timeout must be positive, got \(self.timeout)")
        }
        try CurlURL.validate(self.url)
    }
}
