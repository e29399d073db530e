import Crypto

/// The two verification schemes the providers use, shared by the adapters.
///
/// Both compare in constant time: the time taken must not reveal how many leading bytes
/// of a forged signature or token were right.
enum SignatureVerifier {
    // MARK: HMAC-SHA256 (GitHub, Bitbucket Cloud)

    /// Checks a `sha256=<hex>` header against the HMAC-SHA256 of `body` keyed with `secret`.
    static func checkHMACSHA256(headerName: String, headerValue: String?, body: [UInt8], secret: String) -> SignatureCheck {
        guard !secret.isEmpty else { return .secretNotConfigured }
        guard let headerValue else { return .missingHeader(headerName) }
        let expectedFormat = "sha256=<64 hexadecimal digits>"
        let prefix = "sha256="
        // Providers send the prefix in lower case; accept any case since it carries no secret.
        guard headerValue.count > prefix.count,
              headerValue.prefix(prefix.count).lowercased() == prefix
        else { return .malformedHeader(header: headerName, expected: expectedFormat) }
        guard let claimed = decodeHex(headerValue.dropFirst(prefix.count)), claimed.count == SHA256.byteCount else {
            return .malformedHeader(header: headerName, expected: expectedFormat)
        }
        let key = SymmetricKey(data: Array(secret.utf8))
        let actual = Array(HMAC<SHA256>.authenticationCode(for: body, using: key))
        return constantTimeEquals(actual, claimed) ? .valid : .mismatch
    }

    // MARK: Shared token (GitLab)

    /// Checks a token sent in clear against the configured secret.
    ///
    /// Both sides are hashed first so the comparison always runs over 32 bytes: comparing
    /// the raw strings would leak the secret's length through timing.
    static func checkToken(headerName: String, headerValue: String?, secret: String) -> SignatureCheck {
        guard !secret.isEmpty else { return .secretNotConfigured }
        guard let headerValue else { return .missingHeader(headerName) }
        let claimed = Array(SHA256.hash(data: Array(headerValue.utf8)))
        let expected = Array(SHA256.hash(data: Array(secret.utf8)))
        return constantTimeEquals(claimed, expected) ? .valid : .mismatch
    }

    // MARK: Primitives

    /// Compares two byte arrays in time that depends only on their lengths.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }

    /// Decodes hexadecimal text (either case); nil for odd length or a non-hex character.
    static func decodeHex(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The value of one hexadecimal digit.
    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
