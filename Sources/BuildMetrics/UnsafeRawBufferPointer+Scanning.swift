import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cheap checks on a line of bytes, so the log parsers make a `String` only for lines that matter.
extension UnsafeRawBufferPointer {
    // MARK: Matching

    /// Whether the bytes at `offset` are `literal` (ASCII/UTF-8), compared with `memcmp`.
    @inline(__always)
    func matches(_ literal: StaticString, at offset: Int = 0) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count, let base = baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }

    /// Whether the line ends with `literal`.
    @inline(__always)
    func endsWith(_ literal: StaticString) -> Bool {
        matches(literal, at: count - literal.utf8CodeUnitCount)
    }

    /// Offset of the first `literal` at or after `offset`: `memchr` for its first byte, then
    /// `memcmp` (`memmem` is a GNU extension Swift's Glibc module does not expose).
    func find(_ literal: StaticString, from offset: Int = 0) -> Int? {
        let length = literal.utf8CodeUnitCount
        guard length > 0, offset >= 0, let base = baseAddress else { return nil }
        let first = Int32(literal.utf8Start.pointee)
        var index = offset
        while index + length <= count {
            guard let hit = memchr(base + index, first, count - length + 1 - index) else { return nil }
            let position = UnsafeRawPointer(hit) - base
            if memcmp(base + position, literal.utf8Start, length) == 0 { return position }
            index = position + 1
        }
        return nil
    }

    /// Offset of the first `byte` at or after `offset`.
    func find(byte: UInt8, from offset: Int = 0) -> Int? {
        guard offset >= 0, offset < count, let base = baseAddress else { return nil }
        guard let hit = memchr(base + offset, Int32(byte), count - offset) else { return nil }
        return UnsafeRawPointer(hit) - base
    }

    /// Offset of the last `byte` before `end`.
    func findLast(byte: UInt8, before end: Int) -> Int? {
        var index = Swift.min(end, count) - 1
        while index >= 0 {
            if self[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    // MARK: Extracting

    /// The bytes in `range` as a String (invalid UTF-8 repaired).
    func string(_ range: Range<Int>) -> String {
        let lower = Swift.max(0, range.lowerBound), upper = Swift.min(count, range.upperBound)
        guard lower < upper, let base = baseAddress else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: base + lower, count: upper - lower), as: UTF8.self)
    }

    /// The bytes from `offset` to the end.
    @inline(__always)
    func slice(from offset: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: self[Swift.min(Swift.max(0, offset), count)...])
    }

    /// The first offset at or after `offset` that is not a space or tab.
    @inline(__always)
    func skipSpaces(from offset: Int) -> Int {
        var index = offset
        while index < count, self[index] == 0x20 || self[index] == 0x09 { index += 1 }
        return index
    }

    /// Where the text of a log line starts: after leading blanks, ANSI colour codes and a CI
    /// timestamp (`2026-11-21T10:00:00.1234567Z `) some CI systems prefix to every line.
    @inline(__always)
    func contentStart() -> Int {
        var index = 0
        while index < count {
            let byte = self[index]
            if byte == 0x20 || byte == 0x09 {
                index += 1
            } else if byte == 0x1B {
                index = skipEscape(from: index)
            } else if byte >= 0x30, byte <= 0x39, index + 20 < count, self[index + 4] == 0x2D, self[index + 10] == 0x54 {
                // `YYYY-MM-DDT…Z `: skip to the first space.
                guard let space = find(byte: 0x20, from: index), space < index + 40 else { return index }
                index = space + 1
            } else {
                return index
            }
        }
        return index
    }

    /// Skips one `ESC [ … letter` sequence.
    private func skipEscape(from offset: Int) -> Int {
        var index = offset + 1
        guard index < count, self[index] == 0x5B else { return index }
        index += 1
        while index < count, !(self[index] >= 0x40 && self[index] <= 0x7E) { index += 1 }
        return index + 1
    }

    // MARK: Numbers

    /// A non-negative integer at `offset`, with the offset after it.
    func integer(at offset: Int) -> (value: Int, end: Int)? {
        var index = offset, value = 0
        while index < count, self[index] >= 0x30, self[index] <= 0x39, index - offset < 15 {
            value = value * 10 + Int(self[index] - 0x30)
            index += 1
        }
        return index > offset ? (value, index) : nil
    }

    /// A non-negative decimal at `offset` (`12`, `0.123`, `0,12` — both separators occur in
    /// Xcode output depending on the locale), with the offset after it.
    func decimal(at offset: Int) -> (value: Double, end: Int)? {
        guard let whole = integer(at: offset) else { return nil }
        var index = whole.end
        guard index + 1 < count, self[index] == 0x2E || self[index] == 0x2C, self[index + 1] >= 0x30, self[index + 1] <= 0x39 else {
            return (Double(whole.value), index)
        }
        // Whole and fraction as one number divided once by a power of ten: correctly rounded
        // for ordinary values, so `45.123` reads as the Double literal 45.123 would.
        index += 1
        var fraction = 0, scale = 1.0, digits = 0
        while index < count, self[index] >= 0x30, self[index] <= 0x39 {
            if digits < 9 {
                fraction = fraction * 10 + Int(self[index] - 0x30)
                scale *= 10
                digits += 1
            }
            index += 1
        }
        return ((Double(whole.value) * scale + Double(fraction)) / scale, index)
    }
}
