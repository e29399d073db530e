import JSONScanning

/// Throwing readers for the parts of a report kept: objects member by member, arrays element
/// by element, and strings and integers that are skipped (not refused) when a tool wrote
/// another type, so an odd property never costs the whole report.
extension JSONScanner {
    typealias Member = (inout JSONScanner, String, Int) throws(Failure) -> Void
    typealias Element = (inout JSONScanner, Int) throws(Failure) -> Void

    /// Reads the object at ``index`` (after whitespace), calling `member` with each key and the
    /// depth of its value; `member` must read or skip the value. `null` reads as no members.
    mutating func readObject(depth: Int, _ member: Member) throws(Failure) {
        try checkDepth(depth)
        skipWhitespace()
        if consumeLiteral("null") { return }
        guard consume(UInt8(ascii: "{")) else { throw error("expected an object") }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            let key = try anyString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after member name") }
            skipWhitespace()
            try member(&self, key, depth + 1)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw isAtEnd ? error("unexpected end of data") : error("expected ',' or '}' in an object")
        }
    }

    /// Reads the array at ``index`` (after whitespace), calling `element` for each element;
    /// `null` reads as empty.
    mutating func readArray(depth: Int, _ element: Element) throws(Failure) {
        try checkDepth(depth)
        skipWhitespace()
        if consumeLiteral("null") { return }
        guard consume(UInt8(ascii: "[")) else { throw error("expected an array") }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return }
        while true {
            skipWhitespace()
            try element(&self, depth + 1)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return }
            throw isAtEnd ? error("unexpected end of data") : error("expected ',' or ']' in an array")
        }
    }

    /// The string at ``index``; any other value is skipped (checked) and reads as nil.
    mutating func stringOrSkip(depth: Int) throws(Failure) -> String? {
        skipWhitespace()
        guard peek(UInt8(ascii: "\"")) else {
            try skipValue(depth: depth)
            return nil
        }
        return try anyString()
    }

    /// The string at ``index``: through ``plainString()`` (a contiguous copy, about twice as fast
    /// on a 100 MB log) when it has no escapes, else through ``string()``.
    mutating func anyString() throws(Failure) -> String {
        var attempt = self
        if let plain = attempt.plainString() {
            self = attempt
            return plain
        }
        return try string()
    }

    /// The integer at ``index`` when it fits `Int`; any other value is skipped and reads as nil.
    mutating func intOrSkip(depth: Int) throws(Failure) -> Int? {
        skipWhitespace()
        guard let byte = nextByte, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
            try skipValue(depth: depth)
            return nil
        }
        if case .integer(let value) = try number() { return Int(exactly: value) }
        return nil
    }
}
