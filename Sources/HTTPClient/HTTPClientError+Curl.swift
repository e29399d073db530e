import CCurlRuntime

// MARK: - Mapping curl codes

extension HTTPClientError {
    /// Classifies a failed transfer's `CURLcode`, keeping curl's `message` for the logs.
    ///
    /// Only codes a caller would act on differently get their own case; the rest stay
    /// available as ``transferFailed(code:message:)`` with the raw code.
    init(curlCode code: Int, message: String) {
        switch code {
        case Self.code(CURLE_UNSUPPORTED_PROTOCOL), Self.code(CURLE_URL_MALFORMAT):
            self = .invalidURL(message)
        case Self.code(CURLE_COULDNT_RESOLVE_HOST), Self.code(CURLE_COULDNT_RESOLVE_PROXY):
            self = .dnsFailure(message)
        case Self.code(CURLE_COULDNT_CONNECT):
            self = .connectionFailed(message)
        case Self.code(CURLE_OPERATION_TIMEDOUT):
            self = .timedOut(message)
        case Self.code(CURLE_TOO_MANY_REDIRECTS):
            self = .tooManyRedirects(message)
        case _ where Self.tlsCodes.contains(code):
            self = .tlsFailure(message)
        default:
            self = .transferFailed(code: code, message: message)
        }
    }

    // MARK: Helpers

    /// Every `CURLcode` that means the TLS layer (handshake, certificates, keys) failed.
    private static let tlsCodes: Set<Int> = [
        CURLE_SSL_CONNECT_ERROR,
        CURLE_SSL_ENGINE_NOTFOUND,
        CURLE_SSL_ENGINE_SETFAILED,
        CURLE_SSL_CERTPROBLEM,
        CURLE_SSL_CIPHER,
        CURLE_PEER_FAILED_VERIFICATION,
        CURLE_SSL_ENGINE_INITFAILED,
        CURLE_SSL_CACERT_BADFILE,
        CURLE_SSL_SHUTDOWN_FAILED,
        CURLE_SSL_CRL_BADFILE,
        CURLE_SSL_ISSUER_ERROR,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH,
        CURLE_SSL_INVALIDCERTSTATUS,
        CURLE_SSL_CLIENTCERT,
    ].map(Self.code).reduce(into: []) { $0.insert($1) }

    /// A `CURLcode` as the `Int` carried in errors.
    private static func code(_ value: CURLcode) -> Int {
        Int(value.rawValue)
    }
}
