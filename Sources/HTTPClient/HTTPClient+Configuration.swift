// MARK: - Configuration

extension HTTPClient {
    /// Settings shared by every request a client makes.
    ///
    /// The defaults are safe for talking to public APIs: TLS verification on, redirects
    /// followed up to a limit, bounded connections per host and a bounded response size.
    public struct Configuration: Sendable, Hashable {
        /// Whether 3xx responses with a `Location` are followed automatically.
        public var followRedirects: Bool
        /// The most redirects followed before failing with ``HTTPClientError/tooManyRedirects(_:)``.
        public var maxRedirects: Int
        /// Whether the server certificate and host name are verified. Turn off only for tests.
        public var verifyTLS: Bool
        /// A PEM bundle of CA certificates to trust instead of the system's, or `nil`.
        public var caBundlePath: String?
        /// The `User-Agent` sent unless a request sets its own.
        public var userAgent: String
        /// The most simultaneous connections to one host; further requests queue. `0` means no limit.
        public var maxConnectionsPerHost: Int
        /// How many idle connections are kept open for reuse; `0` lets curl decide.
        public var maxIdleConnections: Int
        /// The limit for establishing a connection (TCP and TLS), within the request timeout.
        public var connectTimeout: Duration
        /// The largest response body accepted, in bytes (after decompression).
        public var maxResponseBodySize: Int
        /// Whether to offer compressed responses (`Accept-Encoding`) and decode them transparently.
        public var acceptCompressedResponses: Bool

        /// Creates a configuration; each parameter defaults to the safe choice.
        public init(
            followRedirects: Bool = true,
            maxRedirects: Int = 10,
            verifyTLS: Bool = true,
            caBundlePath: String? = nil,
            userAgent: String = "mobile-ops",
            maxConnectionsPerHost: Int = 16,
            maxIdleConnections: Int = 0,
            connectTimeout: Duration = .seconds(10),
            maxResponseBodySize: Int = 256 * 1024 * 1024,
            acceptCompressedResponses: Bool = true
        ) {
            self.followRedirects = followRedirects
            self.maxRedirects = maxRedirects
            self.verifyTLS = verifyTLS
            self.caBundlePath = caBundlePath
            self.userAgent = userAgent
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.maxIdleConnections = maxIdleConnections
            self.connectTimeout = connectTimeout
            self.maxResponseBodySize = maxResponseBodySize
            self.acceptCompressedResponses = acceptCompressedResponses
        }
    }
}
