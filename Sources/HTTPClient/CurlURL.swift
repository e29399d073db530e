import CCurlRuntime

// MARK: - CurlURL

/// URL validation with curl's own parser, so what we accept is exactly what curl will use.
enum CurlURL {
    /// The schemes a request may use. Anything else (`file:`, `ftp:`, `gopher:`...) is
    /// refused up front so input cannot make the server read local files or speak other
    /// protocols; the transfer options enforce the same list for redirects.
    static let allowedSchemes: Set<String> = ["http", "https"]

    /// Checks that `url` parses, has an allowed scheme and names a host.
    static func validate(_ url: String) throws(HTTPClientError) {
        if let failure = Curl.ensureInitialized() {
            throw .transferFailed(code: Int(CURLE_FAILED_INIT.rawValue), message: failure)
        }
        guard let handle = mo_curl_url() else {
            throw .transferFailed(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_url() failed")
        }
        defer { mo_curl_url_cleanup(handle) }

        // No CURLU_DEFAULT_SCHEME: a URL without a scheme is a caller bug, not a guess.
        let parsed = mo_curl_url_set(handle, CURLUPART_URL, url, 0)
        guard parsed == CURLUE_OK else {
            throw .invalidURL("\(url.debugDescription): \(Self.message(for: parsed))")
        }
        guard let scheme = Self.part(CURLUPART_SCHEME, of: handle)?.lowercased(),
            Self.allowedSchemes.contains(scheme)
        else {
            throw .invalidURL("\(url.debugDescription): only http and https are supported")
        }
        guard let host = Self.part(CURLUPART_HOST, of: handle), !host.isEmpty else {
            throw .invalidURL("\(url.debugDescription): no host")
        }
    }

    // MARK: Helpers

    /// One component of a parsed URL, or `nil` if it is absent.
    private static func part(_ part: CURLUPart, of handle: OpaquePointer) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard mo_curl_url_get(handle, part, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { mo_curl_free(value) }
        return String(cString: value)
    }

    /// curl's message for a URL-parser error code.
    private static func message(for code: CURLUcode) -> String {
        mo_curl_url_strerror(code).map { String(cString: $0) } ?? "URL error \(code.rawValue)"
    }
}
