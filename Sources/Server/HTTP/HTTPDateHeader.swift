import Foundation

/// The `Date` header's value (RFC 9110's IMF-fixdate), made once a second: a response answered
/// outside Hummingbird carries the header Hummingbird puts on its own.
struct HTTPDateHeader {
    private var second: time_t = -1
    private var value = ""

    /// The value for the current second.
    mutating func now() -> String {
        let current = time(nil)
        guard current != second else { return value }
        var parts = tm()
        var seconds = current
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        // The C locale's day and month names are the English ones the format requires.
        let length = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        value = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        second = current
        return value
    }
}
