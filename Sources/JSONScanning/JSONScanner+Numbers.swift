// MARK: - Numbers

extension JSONScanner {
    /// A number as read: exact when it can be.
    public enum Number: Equatable, Sendable {
        /// Written without fraction or exponent, and fits `Int64`: exact.
        case integer(Int64)
        /// Anything else within `Double`'s range.
        case double(Double)
        /// Beyond `Double`'s range (`1e400`): there is no value to give.
        case outOfRange
    }

    /// The number at ``index``, in JSON's grammar
    /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    public mutating func number() throws(Failure) -> Number {
        let (range, integral) = try numberBounds()
        if integral, let integer = integer(in: range) { return .integer(integer) }
        guard let double = double(in: range) else { return .outOfRange }
        return .double(double)
    }

    /// The integer after optional whitespace, if it is written without fraction or exponent and
    /// fits `Int`; nil otherwise (`1.0` included, so a fast path reads integers as strictly as
    /// `JSONDecoder` does).
    public mutating func int() -> Int? {
        skipWhitespace()
        guard let (range, integral) = try? numberBounds(), integral, let integer = integer(in: range) else { return nil }
        return Int(exactly: integer)
    }

    /// The finite number after optional whitespace; nil for anything else.
    public mutating func double() -> Double? {
        skipWhitespace()
        guard let (range, _) = try? numberBounds() else { return nil }
        return double(in: range)
    }

    // MARK: Helpers

    /// Moves past a number in JSON's grammar; answers where it is and whether it is integral
    /// (no fraction, no exponent).
    mutating func numberBounds() throws(Failure) -> (Range<Int>, Bool) {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        guard let first = nextByte, Self.isDigit(first) else { throw error("invalid number") }
        // JSON allows no leading zeros: after a 0, the integer part is over.
        if first == UInt8(ascii: "0") { position += 1 } else { skipDigits() }
        var integral = true
        if consume(UInt8(ascii: ".")) {
            integral = false
            guard let digit = nextByte, Self.isDigit(digit) else { throw error("invalid number: digits expected after '.'") }
            skipDigits()
        }
        if let marker = nextByte, marker | 0x20 == UInt8(ascii: "e") {
            integral = false
            position += 1
            if let sign = nextByte, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let digit = nextByte, Self.isDigit(digit) else { throw error("invalid number: digits expected in the exponent") }
            skipDigits()
        }
        return (start..<position, integral)
    }

    /// The integer written in `range` (digits after an optional minus), nil if it overflows.
    private func integer(in range: Range<Int>) -> Int64? {
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        var value: Int64 = 0
        for position in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let digit = Int64(bytes[position] &- UInt8(ascii: "0"))
            let (scaled, overflowA) = value.multipliedReportingOverflow(by: 10)
            // Negatives are built downwards, so Int64.min, one beyond Int64.max, fits.
            let (next, overflowB) = negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }

    /// The number written in `range`, nil if it is not finite.
    private func double(in range: Range<Int>) -> Double? {
        let text = String(decoding: bytes[range], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private mutating func skipDigits() {
        while let byte = nextByte, Self.isDigit(byte) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
