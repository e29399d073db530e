// MARK: - Skipping values

extension JSONScanner {
    /// Moves past the value at ``index``, checking its syntax as a full parse would (strings'
    /// escapes included), building nothing.
    ///
    /// A parser keeping only some members of an object skips the others with this: they are
    /// still refused when malformed, or nested deeper than ``maximumDepth`` counting from the
    /// document's top (`depth` is the value's own level there).
    public mutating func skipValue(depth: Int = 0) throws(Failure) {
        try checkDepth(depth)
        guard let first = nextByte else { throw error("unexpected end of data") }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer(depth: depth)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberBounds()
        default: throw unexpectedByte()
        }
    }

    /// Moves past the object or array at ``index``.
    private mutating func skipContainer(depth: Int) throws(Failure) {
        let isObject = consume(UInt8(ascii: "{"))
        if !isObject { position += 1 }
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        skipWhitespace()
        if consume(close) { return }
        while true {
            skipWhitespace()
            if isObject {
                guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in quotes") }
                try skipString()
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after member name") }
                skipWhitespace()
            }
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard !isAtEnd else { throw error("unexpected end of data") }
            if consume(UInt8(ascii: ",")) { continue }
            if consume(close) { return }
            throw error(isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
        }
    }
}
