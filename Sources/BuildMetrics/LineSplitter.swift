import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream into lines without copying: each complete line is handed to the caller
/// as a view into the chunk; only a line cut by a chunk boundary is carried over (copied once).
///
/// Why not `String.components(separatedBy:)`: logs are tens of megabytes and most lines are of
/// no interest, so lines stay bytes until a cheap prefix check says they matter.
struct LineSplitter {
    /// Longest line kept whole; the rest of a longer line is dropped (and counted).
    static let maxLineLength = 1 << 20

    private var carry: [UInt8] = []
    private var carryOverflowed = false
    /// Lines handed out so far (the 1-based number of the last one).
    private(set) var lineNumber = 0
    /// Lines that were cut at ``maxLineLength``.
    private(set) var overlongLines = 0

    // MARK: Feeding

    /// Hands every line completed by `chunk` to `body` (without the `\n` or a trailing `\r`).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) -> Void) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let count = chunk.count
        var start = 0
        if !carry.isEmpty || carryOverflowed {
            guard let newline = memchr(base, 0x0A, count) else {
                appendToCarry(chunk)
                return
            }
            let end = UnsafeRawPointer(newline) - base
            appendToCarry(UnsafeRawBufferPointer(start: base, count: end))
            flushCarry(body)
            start = end + 1
        }
        while start < count {
            guard let newline = memchr(base + start, 0x0A, count - start) else {
                appendToCarry(UnsafeRawBufferPointer(start: base + start, count: count - start))
                return
            }
            let end = UnsafeRawPointer(newline) - base
            emit(UnsafeRawBufferPointer(start: base + start, count: end - start), body)
            start = end + 1
        }
    }

    /// Hands out the last line when the input did not end with a newline.
    mutating func finish(_ body: (UnsafeRawBufferPointer, Int) -> Void) {
        if !carry.isEmpty || carryOverflowed { flushCarry(body) }
    }

    // MARK: Internals

    private mutating func appendToCarry(_ bytes: UnsafeRawBufferPointer) {
        let room = Self.maxLineLength - carry.count
        if bytes.count > room {
            carry.append(contentsOf: bytes.prefix(room))
            carryOverflowed = true
        } else {
            carry.append(contentsOf: bytes)
        }
    }

    private mutating func flushCarry(_ body: (UnsafeRawBufferPointer, Int) -> Void) {
        if carryOverflowed { overlongLines += 1 }
        let line = carry
        carry.removeAll(keepingCapacity: true)
        carryOverflowed = false
        line.withUnsafeBytes { emit($0, body) }
    }

    @inline(__always)
    private mutating func emit(_ line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) -> Void) {
        lineNumber += 1
        var length = line.count
        if length > 0, line[length - 1] == 0x0D { length -= 1 }
        if length > Self.maxLineLength {
            length = Self.maxLineLength
            overlongLines += 1
        }
        body(UnsafeRawBufferPointer(start: line.baseAddress, count: length), lineNumber)
    }
}
