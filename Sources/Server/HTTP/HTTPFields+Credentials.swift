import Foundation
import HTTPTypes

/// The credentials of a request's `Authorization` header, read the same way by the routes
/// (`Request.bearerToken`) and by the cache's shortcut, which answers before any route.
extension HTTPFields {
    /// The token of an `Authorization: Bearer <token>` header; nil when absent or another scheme.
    var bearerToken: String? {
        guard let header = self[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, Self.isScheme(parts[0], "bearer") else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// The password of `Authorization: Basic <base64(user:password)>`; nil when absent, another
    /// scheme, or not base64 of `user:password`. Both base64 alphabets are read: Bazel encodes
    /// the user info of its `--remote_cache` URL with the URL-safe one (`-_`).
    var basicPassword: String? {
        guard let header = self[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, Self.isScheme(parts[0], "basic") else { return nil }
        // On the bytes, not through Foundation's string replacing and trimming: this runs on
        // every cache request.
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var bytes = Array(parts[1].utf8.drop(while: isBlank))
        while let last = bytes.last, isBlank(last) { bytes.removeLast() }
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "-") { bytes[index] = UInt8(ascii: "+") } else if bytes[index] == UInt8(ascii: "_") { bytes[index] = UInt8(ascii: "/") }
        }
        if bytes.count % 4 != 0 { bytes += repeatElement(UInt8(ascii: "="), count: 4 - bytes.count % 4) }
        guard let data = Data(base64Encoded: Data(bytes)), let colon = data.firstIndex(of: UInt8(ascii: ":")),
              let password = String(validating: data[data.index(after: colon)...], as: UTF8.self)
        else { return nil }
        return password.isEmpty ? nil : password
    }

    /// Whether `word` is the scheme `name` (lower-case letters), in any case: compared on the
    /// bytes, since both token getters run on every authenticated request and `lowercased()`
    /// makes a string each time.
    private static func isScheme(_ word: Substring, _ name: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard word.utf8.count == expected.count else { return false }
        // Setting bit 5 lower-cases an ASCII letter, and only an ASCII letter becomes one.
        return zip(word.utf8, expected).allSatisfy { $0 | 0x20 == $1 }
    }
}
