// MARK: - Strings

extension JSONScanner {
    /// The string at ``index``, escapes decoded.
    ///
    /// Refused: raw control characters, unknown escapes, `\u` without four hex digits, and
    /// `\u0000`: a NUL is valid JSON, but no branch, name or message holds one, and C strings
    /// (SQLite, git arguments) would end there, cutting a value short silently. A lone
    /// surrogate is not a character and becomes U+FFFD, as invalid UTF-8 does elsewhere; the
    /// bytes themselves are taken as they are (the caller repairs invalid UTF-8 beforehand).
    public mutating func string() throws(Failure) -> String {
        guard consume(UInt8(ascii: "\"")) else { throw error("expected a string") }
        let start = position
        // Most strings have no escapes: then the bytes are the string.
        _ = skipUnescapedRun()
        if consume(UInt8(ascii: "\"")) {
            return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
        }
        var decoded = Array(bytes[start..<position])
        try readRest(into: &decoded, keeping: true)
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Moves past the string at ``index``, refusing what ``string()`` refuses, building nothing.
    public mutating func skipString() throws(Failure) {
        guard consume(UInt8(ascii: "\"")) else { throw error("expected a string") }
        var scratch: [UInt8] = []
        try readRest(into: &scratch, keeping: false)
    }

    /// The string after optional whitespace if it has no escapes and is valid UTF-8; nil
    /// otherwise (an escape, a control character, no string at all).
    ///
    /// For a fast path that must read exactly what `JSONDecoder` would: it decodes some
    /// escapes differently (`\u0000`, lone surrogates), so those are left to it.
    public mutating func plainString() -> String? {
        skipWhitespace()
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        let ascii = skipUnescapedRun()
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
        // ASCII is valid UTF-8 as it stands; only other text needs validating.
        return ascii ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
    }

    // MARK: Helpers

    /// Moves up to the next closing quote, backslash or control character (or the end), and
    /// answers whether every byte passed was ASCII.
    private mutating func skipUnescapedRun() -> Bool {
        var union: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            union |= byte
            position += 1
        }
        return union < 0x80
    }

    /// Reads a string from inside it to past its closing quote, appending the decoded bytes to
    /// `output` when `keeping` (when not, escapes are still checked, and `output` is scratch).
    private mutating func readRest(into output: inout [UInt8], keeping: Bool) throws(Failure) {
        while true {
            let start = position
            _ = skipUnescapedRun()
            if keeping { output.append(contentsOf: bytes[start..<position]) }
            guard let byte = nextByte else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &output)
                if !keeping { output.removeAll(keepingCapacity: true) }
            default:
                throw error("control character in a string")
            }
        }
    }

    /// Decodes the escape after a backslash into `output` as UTF-8.
    private mutating func escape(into output: inout [UInt8]) throws(Failure) {
        guard let byte = nextByte else { throw error("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            // A high surrogate takes the `\u` escape after it as its low half; if that is not
            // a low surrogate, the pair is one U+FFFD.
            if (0xD800...0xDBFF).contains(code), peek(UInt8(ascii: "\\")),
               position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                position += 2
                let low = try hex4()
                code = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
            }
            guard code != 0 else { throw error("NUL character (\\u0000) in a string") }
            UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}") { output.append($0) }
        default:
            throw error("invalid escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
