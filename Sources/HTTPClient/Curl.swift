import CCurlRuntime

// MARK: - Curl

/// Process-wide libcurl setup and small conversions shared by the curl-facing types.
enum Curl {
    /// Loads libcurl and runs `curl_global_init`, once per process (`mo_curl_load` holds the
    /// once-guard, which `curl_global_init` needs: it must not run concurrently with itself or
    /// other curl calls). Call before any other curl function; returns why it failed, if it did.
    static func ensureInitialized() -> String? {
        mo_curl_load().map { String(cString: $0) }
    }

    /// curl's generic message for a `CURLcode`.
    static func message(for code: Int) -> String {
        guard let text = mo_curl_easy_strerror(CURLcode(UInt32(clamping: code))) else {
            return "curl error \(code)"
        }
        return String(cString: text)
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
