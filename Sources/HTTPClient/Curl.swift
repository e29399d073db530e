import CCurl

// MARK: - Curl

/// Process-wide libcurl setup and small conversions shared by the curl-facing types.
enum Curl {
    /// The result of the one `curl_global_init` call.
    ///
    /// A global `let` is initialised exactly once, thread-safely, on first use (Swift uses
    /// `swift_once`), which is what `curl_global_init` requires: it must not run
    /// concurrently with itself or with other curl calls.
    private static let globalInitResult: Int = {
        Int(curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue)
    }()

    /// Runs `curl_global_init` once per process; call before creating any curl handle.
    /// Returns curl's error message if initialisation failed.
    static func ensureInitialized() -> String? {
        let code = Self.globalInitResult
        guard code != 0 else { return nil }
        return Self.message(for: code)
    }

    /// curl's generic message for a `CURLcode`.
    static func message(for code: Int) -> String {
        guard let text = curl_easy_strerror(CURLcode(UInt32(clamping: code))) else {
            return "curl error \(code)"
        }
        return String(cString: text)
    }

    /// The libcurl version string, e.g. `"libcurl/7.88.1 OpenSSL/3.0.11 ..."`, for diagnostics.
    static var version: String {
        curl_version().map { String(cString: $0) } ?? "libcurl"
    }

    // MARK: Conversions

    /// `duration` in whole milliseconds for curl's `_MS` options, at least 1 (because curl
    /// reads 0 as "no timeout") and clamped so huge values cannot overflow.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(Int32.max) else { return Int(Int32.max) * 1000 }
        let millis = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        return max(1, millis)
    }
}
