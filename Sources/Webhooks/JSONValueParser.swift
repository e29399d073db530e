/// A JSON parser that builds ``JSONValue`` straight from the body's bytes.
///
/// Webhook intake parses every delivery (an 8 KB push has hundreds of values), and decoding
/// an untyped tree through `JSONDecoder` tries each type in turn and throws on every miss —
/// a third of the server's time per delivery. This reads each value once, by its first byte.
/// RFC 8259 grammar; numbers that fit `Int64` stay exact, others become `Double`; nesting is
/// limited so a hostile body cannot exhaust the stack.
struct JSONValueParser {
    /// The document; every read below is guarded by `index < bytes.count` (release builds do
    /// not check an unsafe buffer's subscript, which made the parser's loops 2× slower on
    /// `Array`).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Deeper documents are refused (GitHub's payloads nest about 6 levels).
    static let maximumDepth = 256

    /// Why the bytes are not JSON, with the byte offset.
    struct Failure: Error {
        let message: String
    }

    /// Parses `bytes` as one JSON value with nothing but whitespace around it.
    ///
    /// With `onlyMembers`, a top-level object keeps only those members: the others are
    /// checked for syntax but never built. With `stoppingWhenFound` as well, reading ends
    /// once each of those members has been read (the first of repeated names counts), and the
    /// rest of the document is not looked at: reading a delivery's repository before its
    /// signature is verified then costs a few hundred bytes, not the whole body, and the full
    /// parse that follows verification still refuses malformed JSON.
    static func parse(_ bytes: [UInt8], onlyMembers: Set<String>? = nil, stoppingWhenFound: Bool = false) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONValueParser(bytes: buffer)
            return Result { () throws(Failure) -> JSONValue in
                parser.skipWhitespace()
                guard let onlyMembers, parser.peek(UInt8(ascii: "{")) else {
                    let value = try parser.value(depth: 0)
                    try parser.expectEnd()
                    return value
                }
                let (value, complete) = try parser.object(depth: 0, keeping: onlyMembers, stoppingWhenFound: stoppingWhenFound)
                if complete { try parser.expectEnd() }
                return value
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw failure("unexpected end of data") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character '\(Unicode.Scalar(bytes[index]))'")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        try object(depth: depth, keeping: nil, stoppingWhenFound: false).value
    }

    /// An object; with `keeping`, only those members are built. Answers whether the object
    /// was read to its end (false when `stoppingWhenFound` ended it early).
    private mutating func object(depth: Int, keeping: Set<String>?, stoppingWhenFound: Bool) throws(Failure) -> (value: JSONValue, complete: Bool) {
        index += 1
        var members = JSONObject()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return (.object(members), true) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after member name") }
            index += 1
            skipWhitespace()
            if let keeping, !keeping.contains(key) || (stoppingWhenFound && members[key] != nil) {
                try skipValue(depth: depth + 1)
            } else {
                members.append(key, try value(depth: depth + 1))
                if stoppingWhenFound, members.members.count == keeping?.count { return (.object(members), false) }
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of data in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return (.object(members), true) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of data in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    /// Moves past one value, checking its syntax as ``value(depth:)`` does, building nothing.
    private mutating func skipValue(depth: Int) throws(Failure) {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw failure("unexpected end of data") }
        let (open, close) = (bytes[index], bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        guard open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else {
            if open == UInt8(ascii: "\"") { try skipString() } else { _ = try value(depth: depth) }
            return
        }
        index += 1
        skipWhitespace()
        if peek(close) { index += 1; return }
        while true {
            skipWhitespace()
            if open == UInt8(ascii: "{") {
                guard peek(UInt8(ascii: "\"")) else { throw failure("expected a member name in quotes") }
                try skipString()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after member name") }
                index += 1
                skipWhitespace()
            }
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of data") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == close { index += 1; return }
            throw failure(open == UInt8(ascii: "{") ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
        }
    }

    /// Moves past one string, checking escapes and control characters.
    private mutating func skipString() throws(Failure) {
        index += 1
        var scratch: [UInt8] = []
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &scratch)
                scratch.removeAll(keepingCapacity: true)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of data") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("invalid literal")
        }
        index += count
    }

    // MARK: Numbers

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        var isInteger = true
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("invalid number") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("invalid number: digits expected after '.'") }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("invalid number: digits expected in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        // Beyond Double's range (1e400) nothing MobileOps reads is affected: it reads as absent.
        guard let number = Double(text), number.isFinite else { return .null }
        return .number(number)
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &scalars)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func escape(into output: inout [UInt8]) throws(Failure) {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code), peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try hex4()
                code = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
            }
            // A NUL is valid JSON but no branch, name or message holds one, and C strings
            // (SQLite, git arguments) would end there, so a value would be cut short silently.
            guard code != 0 else { throw failure("NUL character (\\u0000) in a string") }
            // A lone surrogate is not a character: replaced, like invalid UTF-8 elsewhere.
            output.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
        default:
            throw failure("invalid escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Helpers

    /// Refuses anything but whitespace after the top-level value.
    private mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected data after the JSON value") }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: "\(message) at byte \(index)")
    }
}
