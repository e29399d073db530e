/// One webhook delivery as the HTTP layer received it: headers and the exact body bytes.
///
/// The body stays raw bytes because signatures cover the bytes on the wire; decoding and
/// re-encoding it (or adding a trailing newline) would break verification.
public struct WebhookRequest: Sendable, Equatable {
    // MARK: Stored values

    /// Header fields with lower-cased names, values trimmed of surrounding whitespace.
    ///
    /// Names are normalised once here so that adapters can look them up without caring how
    /// a proxy or test spelled them. Two fields differing only in case are joined with `,`,
    /// as HTTP does for repeated fields; a joined signature then fails to parse, which is
    /// the safe outcome for an ambiguous request.
    public private(set) var headers: [String: String]

    /// The request body, byte for byte.
    public var body: [UInt8]

    // MARK: Creating

    /// Creates a request; header names are lower-cased and values trimmed.
    public init(headers: [String: String], body: [UInt8]) {
        var normalised: [String: String] = [:]
        // Sorting makes the join order of case-colliding names deterministic.
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let key = name.lowercased()
            let trimmed = value.trimmingWhitespace()
            if let existing = normalised[key] {
                normalised[key] = existing + "," + trimmed
            } else {
                normalised[key] = trimmed
            }
        }
        self.headers = normalised
        self.body = body
    }

    /// Creates a request whose body is the UTF-8 encoding of `body`, exactly (no newline added).
    public init(headers: [String: String], body: String) {
        self.init(headers: headers, body: Array(body.utf8))
    }

    // MARK: Reading headers

    /// The value of the header `name` (any case), or nil when it is absent or empty.
    public func header(_ name: String) -> String? {
        guard let value = headers[name.lowercased()], !value.isEmpty else { return nil }
        return value
    }
}

// MARK: - Helpers

extension String {
    /// The string without leading and trailing whitespace and line breaks.
    ///
    /// Written out rather than using Foundation so this file needs no import. Compares
    /// whole characters, so `"\r\n"` (one grapheme) counts as whitespace too.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
