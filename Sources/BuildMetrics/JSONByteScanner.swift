// MARK: - JSONByteScanner

/// A strict reader of plain JSON over raw bytes, for the report fast path.
///
/// It reads only what it can read exactly as `JSONDecoder` would, and answers `nil` for
/// anything else: strings with escapes or control characters, numbers outside JSON's grammar
/// or not finite, integers that do not fit. The caller then falls back to `JSONDecoder`, which
/// either reads the value after all or produces the error message with its field path.
struct JSONByteScanner {
    private let bytes: UnsafeRawBufferPointer
    private(set) var index = 0

    /// Scans `bytes`, which must stay valid while the scanner is used.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Consumes `byte` after optional whitespace; false if something else comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `null` if it comes next.
    mutating func consumeNull() -> Bool {
        skipWhitespace()
        guard index + 4 <= bytes.count, bytes[index] == 0x6E, bytes[index + 1] == 0x75,
              bytes[index + 2] == 0x6C, bytes[index + 3] == 0x6C else { return false }
        index += 4
        return true
    }

    /// A string without escapes, as valid UTF-8; nil otherwise.
    mutating func string() -> String? {
        guard consume(0x22) else { return nil }
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                let content = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                // ASCII is valid UTF-8 as it stands; only other text needs validating.
                let text = ascii ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
                index += 1
                return text
            }
            ascii = ascii && byte < 0x80
            // A backslash (escape) or a raw control character: leave it to JSONDecoder.
            if byte == 0x5C || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// A finite number in JSON's grammar.
    mutating func double() -> Double? {
        guard let (start, end, _) = numberBounds() else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// An integer written without fraction or exponent, that fits in `Int`.
    mutating func int() -> Int? {
        guard let (start, end, integral) = numberBounds(), integral else { return nil }
        var value = 0
        let negative = bytes[start] == 0x2D
        for position in (negative ? start + 1 : start)..<end {
            let digit = Int(bytes[position] &- 0x30)
            let (scaled, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }

    /// Reads an object, calling `member` with each key to read its value; false if the
    /// object is malformed or `member` gives up.
    mutating func members(_ member: (inout JSONByteScanner, String) -> Bool) -> Bool {
        guard consume(0x7B) else { return false }
        if consume(0x7D) { return true }
        repeat {
            guard let key = string(), consume(0x3A), member(&self, key) else { return false }
        } while consume(0x2C)
        return consume(0x7D)
    }

    /// Reads an array, calling `element` for each element; false if the array is malformed
    /// or `element` gives up.
    mutating func elements(_ element: (inout JSONByteScanner) -> Bool) -> Bool {
        guard consume(0x5B) else { return false }
        if consume(0x5D) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(0x2C)
        return consume(0x5D)
    }

    /// `read`'s value; `.some(nil)` for `null`; `nil` if neither could be read.
    mutating func optional<Value>(_ read: (inout JSONByteScanner) -> Value?) -> Value?? {
        if consumeNull() { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    // MARK: Helpers

    /// The bounds of a number matching `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, and
    /// whether it is integral (no fraction, no exponent); consumes it.
    private mutating func numberBounds() -> (Int, Int, Bool)? {
        skipWhitespace()
        let start = index
        var position = index
        if position < bytes.count, bytes[position] == 0x2D { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { return nil }
        if bytes[position] == 0x30 {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        var integral = true
        if position < bytes.count, bytes[position] == 0x2E {
            integral = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { return nil }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == 0x65 {
            integral = false
            position += 1
            if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { return nil }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        index = position
        return (start, position, integral)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
