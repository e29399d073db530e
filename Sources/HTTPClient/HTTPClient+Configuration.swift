import MemberwiseInit

// MARK: - Configuration

extension HTTPClient {
    /// Settings shared by every request a client makes.
    ///
    /// The defaults are safe for talking to public APIs: TLS verification on, redirects
    /// followed up to a limit, bounded connections per host and a bounded response size.
    @MemberwiseInit(.public)
    public struct Configuration: Sendable, Hashable {
        /// Whether 3xx responses with a `Location` are followed automatically.
        public var followRedirects: Bool = true
        /// The most redirects followed before failing with ``HTTPClientError/tooManyRedirects(_:)``.
        public var maxRedirects: Int = 10
        /// Whether the server certificate and host name are verified. Turn off only for tests.
        public var verifyTLS: Bool = true
        /// A PEM bundle of CA certificates to trust instead of the system's, or `nil`.
        public var caBundlePath: String?
        /// The `User-Agent` sent unless a request sets its own.
        public var userAgent: String = "mobile-ops"
        /// The most simultaneous connections to one host; further requests queue. `0` means no limit.
        public var maxConnectionsPerHost: Int = 16
        /// How many idle connections are kept open for reuse; `0` lets curl decide.
        public var maxIdleConnections: Int = 0
        /// The limit for establishing a connection (TCP and TLS), within the request timeout.
        public var connectTimeout: Duration = .seconds(10)
        /// The largest response body accepted, in bytes (after decompression).
        public var maxResponseBodySize: Int = 256 * 1024 * 1024
        /// Whether to offer compressed responses (`Accept-Encoding`) and decode them transparently.
        public var acceptCompressedResponses: Bool = true
    }
}
