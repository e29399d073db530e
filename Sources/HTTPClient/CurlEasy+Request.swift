import CCurlRuntime

// MARK: - Request options

extension CurlEasy {
    /// Applies the client-wide settings: safety (TLS, protocols), redirects, timeouts.
    func applyClientDefaults(_ configuration: HTTPClient.Configuration) throws(HTTPClientError) {
        // Signals cannot be used for timeouts in a multi-threaded process.
        try self.set(CURLOPT_NOSIGNAL, true)
        // Also enforced on redirects, so a server cannot bounce us to `file://`.
        let protocols = CurlURL.allowedSchemes.sorted().joined(separator: ",")
        try self.set(CURLOPT_PROTOCOLS_STR, protocols)
        try self.set(CURLOPT_REDIR_PROTOCOLS_STR, protocols)
        try self.set(CURLOPT_FOLLOWLOCATION, configuration.followRedirects)
        try self.set(CURLOPT_MAXREDIRS, max(0, configuration.maxRedirects))
        try self.set(CURLOPT_SSL_VERIFYPEER, configuration.verifyTLS)
        // 2 = the certificate must match the host name; 1 is not a valid "on" value.
        try self.set(CURLOPT_SSL_VERIFYHOST, configuration.verifyTLS ? 2 : 0)
        if let caBundlePath = configuration.caBundlePath {
            try self.set(CURLOPT_CAINFO, caBundlePath)
        }
        try self.set(CURLOPT_CONNECTTIMEOUT_MS, Curl.milliseconds(configuration.connectTimeout))
        try self.set(CURLOPT_USERAGENT, configuration.userAgent)
        // Keeps idle pooled connections from being silently dropped by middleboxes.
        try self.set(CURLOPT_TCP_KEEPALIVE, true)
    }

    /// Chooses how curl sends the method and body.
    ///
    /// `POST` uses curl's native post so redirects behave like browsers; other methods with a
    /// body use a custom request line over the same body mechanism. The body is copied into
    /// curl (`COPYPOSTFIELDS`) so no Swift buffer has to outlive this call.
    func applyMethodAndBody(_ request: HTTPRequest) throws(HTTPClientError) {
        let method = request.method
        if method == .head {
            try self.set(CURLOPT_NOBODY, true)
            return
        }
        guard let body = request.body ?? (method == .post ? [] : nil) else {
            if method == .get {
                try self.set(CURLOPT_HTTPGET, true)
            } else {
                try self.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
            }
            return
        }
        // The size must be set before the data so binary bodies with NUL bytes survive.
        try self.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: body.count)
        let code = body.withUnsafeBytes { bytes in
            let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            return "".withCString { empty in
                mo_curl_easy_setopt_string(self.handle, CURLOPT_COPYPOSTFIELDS, start ?? empty)
            }
        }
        guard code == CURLE_OK else {
            throw HTTPClientError(curlCode: Int(code.rawValue), message: "copying the request body: \(Curl.message(for: Int(code.rawValue)))")
        }
        if method != .post {
            try self.set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    /// Signs the request with AWS Signature Version 4, which curl computes as it sends.
    ///
    /// The key pair goes in as user name and password (what `CURLOPT_USERPWD` would split at
    /// its first colon), set apart so a key id with a colon in it stays whole. Setting
    /// `CURLOPT_AWS_SIGV4` also selects it as the only auth scheme, so the pair is never sent
    /// as Basic credentials, and curl does not resend it to another host on a redirect.
    func applyAWSSigV4(_ signing: AWSSigV4) throws(HTTPClientError) {
        try self.set(CURLOPT_AWS_SIGV4, signing.curlParameter)
        try self.set(CURLOPT_USERNAME, signing.accessKeyID)
        try self.set(CURLOPT_PASSWORD, signing.secretAccessKey)
    }

    /// Builds and sets the header list; the caller frees the returned list after the transfer.
    func applyHeaders(
        _ request: HTTPRequest,
        _ configuration: HTTPClient.Configuration
    ) throws(HTTPClientError) -> UnsafeMutablePointer<curl_slist>? {
        var lines = request.headers.map { field in
            // curl drops `Name:` (it means "remove"); `Name;` is its spelling for an empty value.
            field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
        }
        // libcurl 7.88 signs a removal line (`Name:`) as a header with an empty value and then
        // does not send it, so the server computes another signature: a signed request gets
        // none. It then may send `Expect: 100-continue` (which lets S3 refuse a large upload
        // before its body is sent) and, for posted data, curl's form content type (not signed).
        let removals = request.awsSigV4 == nil
        // curl would otherwise wait up to a second for `100 Continue` on larger bodies.
        if removals, !request.headers.contains("Expect") {
            lines.append("Expect:")
        }
        // S3 refuses a signed request without a payload hash, and libcurl before 8.1 sends none.
        if let signing = request.awsSigV4, signing.needsContentHashHeader, !request.headers.contains("x-amz-content-sha256") {
            lines.append("x-amz-content-sha256: \(AWSSigV4.unsignedPayload)")
        }
        // curl labels posted bodies as form data by default; send no type rather than a wrong one.
        if removals, request.body != nil || request.bodyFile != nil || request.method == .post, !request.headers.contains("Content-Type") {
            lines.append("Content-Type:")
        }
        // An explicit Accept-Encoding means the caller wants the raw encoded bytes.
        if configuration.acceptCompressedResponses, !request.headers.contains("Accept-Encoding") {
            try self.set(CURLOPT_ACCEPT_ENCODING, "")
        }

        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let appended = mo_curl_slist_append(list, line) else {
                mo_curl_slist_free_all(list)
                throw .transferFailed(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "building the header list")
            }
            list = appended
        }
        do {
            try self.set(CURLOPT_HTTPHEADER, list: list)
        } catch {
            mo_curl_slist_free_all(list)
            throw error
        }
        return list
    }
}
