// MARK: - Objects and arrays, answering false

extension JSONScanner {
    /// Moves past `byte` if it comes after optional whitespace; false otherwise.
    @inlinable public mutating func consume(afterWhitespace byte: UInt8) -> Bool {
        skipWhitespace()
        return consume(byte)
    }

    /// Moves past `null` if it comes after optional whitespace; false otherwise.
    public mutating func consumeNull() -> Bool {
        skipWhitespace()
        return consumeLiteral("null")
    }

    /// Reads an object, calling `member` with each key (a ``plainString()``) to read its
    /// value; false if the object is malformed, a key has escapes, or `member` gives up.
    ///
    /// Repeated keys are passed on as they come: whether that is an error is the caller's.
    /// Inlinable, so a caller's closures are specialised into its own code, as they were
    /// when the fast decoder had a scanner of its own.
    @inlinable public mutating func members(_ member: (inout JSONScanner, String) -> Bool) -> Bool {
        guard consume(afterWhitespace: UInt8(ascii: "{")) else { return false }
        if consume(afterWhitespace: UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = plainString(), consume(afterWhitespace: UInt8(ascii: ":")), member(&self, key) else { return false }
        } while consume(afterWhitespace: UInt8(ascii: ","))
        return consume(afterWhitespace: UInt8(ascii: "}"))
    }

    /// Reads an array, calling `element` for each element; false if the array is malformed or
    /// `element` gives up.
    @inlinable public mutating func elements(_ element: (inout JSONScanner) -> Bool) -> Bool {
        guard consume(afterWhitespace: UInt8(ascii: "[")) else { return false }
        if consume(afterWhitespace: UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(afterWhitespace: UInt8(ascii: ","))
        return consume(afterWhitespace: UInt8(ascii: "]"))
    }

    /// `read`'s value; `.some(nil)` for `null`; `nil` if neither could be read.
    @inlinable public mutating func optional<Value>(_ read: (inout JSONScanner) -> Value?) -> Value?? {
        if consumeNull() { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }
}
