import JSONScanning

/// A JSON parser that builds ``JSONValue`` straight from the body's bytes.
///
/// Webhook intake parses every delivery (an 8 KB push has hundreds of values), and decoding
/// an untyped tree through `JSONDecoder` tries each type in turn and throws on every miss —
/// a third of the server's time per delivery. This reads each value once, by its first byte.
/// RFC 8259 grammar; numbers that fit `Int64` stay exact, others become `Double`; nesting is
/// limited (``JSONScanner/maximumDepth``) so a hostile body cannot exhaust the stack. The
/// byte-level reading is ``JSONScanner``'s, shared with the build-report fast decoder; this
/// builds the tree.
struct JSONValueParser {
    private var scanner: JSONScanner

    /// Why the bytes are not JSON, with the byte offset in its message.
    typealias Failure = JSONScanner.Failure

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
            var parser = JSONValueParser(scanner: JSONScanner(buffer))
            return Result { () throws(Failure) -> JSONValue in
                parser.scanner.skipWhitespace()
                guard let onlyMembers, parser.scanner.peek(UInt8(ascii: "{")) else {
                    let value = try parser.value(depth: 0)
                    try parser.scanner.expectEnd()
                    return value
                }
                let (value, complete) = try parser.object(depth: 0, keeping: onlyMembers, stoppingWhenFound: stoppingWhenFound)
                if complete { try parser.scanner.expectEnd() }
                return value
            }
        }
        return try result.get()
    }

    private init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        try scanner.checkDepth(depth)
        guard let first = scanner.nextByte else { throw scanner.unexpectedByte() }
        switch first {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try scanner.string())
        case UInt8(ascii: "t"): try scanner.literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try scanner.literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try scanner.literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch try scanner.number() {
            case .integer(let integer): return .integer(integer)
            case .double(let number): return .number(number)
            // Beyond Double's range (1e400) nothing MobileOps reads is affected: it reads as absent.
            case .outOfRange: return .null
            }
        default: throw scanner.unexpectedByte()
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        try object(depth: depth, keeping: nil, stoppingWhenFound: false).value
    }

    /// An object; with `keeping`, only those members are built. Answers whether the object
    /// was read to its end (false when `stoppingWhenFound` ended it early).
    private mutating func object(depth: Int, keeping: Set<String>?, stoppingWhenFound: Bool) throws(Failure) -> (value: JSONValue, complete: Bool) {
        _ = scanner.consume(UInt8(ascii: "{"))
        var members = JSONObject()
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "}")) { return (.object(members), true) }
        while true {
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: "\"")) else { throw scanner.error("expected a member name in quotes") }
            let key = try scanner.string()
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: ":")) else { throw scanner.error("expected ':' after member name") }
            scanner.skipWhitespace()
            if let keeping, !keeping.contains(key) || (stoppingWhenFound && members[key] != nil) {
                try scanner.skipValue(depth: depth + 1)
            } else {
                members.append(key, try value(depth: depth + 1))
                if stoppingWhenFound, members.members.count == keeping?.count { return (.object(members), false) }
            }
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            if scanner.consume(UInt8(ascii: "}")) { return (.object(members), true) }
            throw scanner.error(scanner.isAtEnd ? "unexpected end of data in an object" : "expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        _ = scanner.consume(UInt8(ascii: "["))
        var elements: [JSONValue] = []
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            scanner.skipWhitespace()
            elements.append(try value(depth: depth + 1))
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            if scanner.consume(UInt8(ascii: "]")) { return .array(elements) }
            throw scanner.error(scanner.isAtEnd ? "unexpected end of data in an array" : "expected ',' or ']' in an array")
        }
    }
}
