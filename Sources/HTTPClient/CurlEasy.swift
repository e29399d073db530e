import CCurlRuntime

// MARK: - CurlEasy

/// A thin typed view of an easy handle: `curl_easy_setopt`/`curl_easy_getinfo` are C
/// variadics Swift cannot call, so each value type goes through its shim wrapper here, and
/// setter failures become ``HTTPClientError`` instead of being ignored.
///
/// Does not own the handle; only valid on the transfer thread.
struct CurlEasy {
    /// The callback signature shared by `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
    typealias Callback = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    /// The easy handle.
    let handle: UnsafeMutableRawPointer

    /// Wraps `handle` without taking ownership.
    init(_ handle: UnsafeMutableRawPointer) {
        self.handle = handle
    }

    // MARK: Setting options

    /// Sets a `long` option.
    func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError) {
        try Self.check(mo_curl_easy_setopt_long(self.handle, option, value), option)
    }

    /// Sets a `long` option from a flag.
    func set(_ option: CURLoption, _ value: Bool) throws(HTTPClientError) {
        try self.set(option, value ? 1 : 0)
    }

    /// Sets a string option; curl copies it, so the Swift string may go away afterwards.
    func set(_ option: CURLoption, _ value: String) throws(HTTPClientError) {
        try Self.check(value.withCString { mo_curl_easy_setopt_string(self.handle, option, $0) }, option)
    }

    /// Sets a `curl_off_t` option.
    func set(_ option: CURLoption, offset value: Int) throws(HTTPClientError) {
        try Self.check(mo_curl_easy_setopt_off_t(self.handle, option, curl_off_t(value)), option)
    }

    /// Sets a pointer option; the caller keeps the pointee alive while curl may use it.
    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(HTTPClientError) {
        try Self.check(mo_curl_easy_setopt_pointer(self.handle, option, value), option)
    }

    /// Sets a header-list option; the caller keeps the list alive while curl may use it.
    func set(_ option: CURLoption, list value: UnsafeMutablePointer<curl_slist>?) throws(HTTPClientError) {
        try Self.check(mo_curl_easy_setopt_slist(self.handle, option, value), option)
    }

    /// Sets a data callback (`CURLOPT_WRITEFUNCTION` or `CURLOPT_HEADERFUNCTION`).
    func setCallback(_ option: CURLoption, _ callback: Callback) throws(HTTPClientError) {
        try Self.check(mo_curl_easy_setopt_write_callback(self.handle, option, callback), option)
    }

    // MARK: Reading info

    /// A `long` info value, or 0 if curl does not know it.
    func long(_ info: CURLINFO) -> Int {
        var value = 0
        guard mo_curl_easy_getinfo_long(self.handle, info, &value) == CURLE_OK else { return 0 }
        return value
    }

    /// A string info value (copied, since curl owns the original), or `nil`.
    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard mo_curl_easy_getinfo_string(self.handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    // MARK: Helpers

    /// Turns a failed `setopt` into an error naming the option, e.g. when this libcurl was
    /// built without a feature (`CURLE_UNKNOWN_OPTION`, `CURLE_NOT_BUILT_IN`).
    private static func check(_ code: CURLcode, _ option: CURLoption) throws(HTTPClientError) {
        guard code != CURLE_OK else { return }
        let value = Int(code.rawValue)
        throw HTTPClientError(curlCode: value, message: "setting option \(option.rawValue): \(Curl.message(for: value))")
    }
}
