import MemberwiseInit

/// A reader of JSON (RFC 8259) over raw bytes, one token at a time.
///
/// The webhook parser (every delivery) and the build-report fast decoder (every posted report)
/// both read JSON straight from the body's bytes, because going through `JSONDecoder` was the
/// largest cost of each. This is the one scanner under both: whitespace, strings with their
/// escapes, numbers, literals, skipping whole values, a nesting limit, and errors that name
/// the byte offset.
///
/// Two families of readers:
/// - the throwing ones (``string()``, ``number()``, ``literal(_:)``, ``skipValue(depth:)``)
///   read exactly the token at ``index`` and say what is wrong with it;
/// - the answer-nil ones (``plainString()``, ``int()``, ``double()``, ``members(_:)``, …)
///   skip whitespace first and read only what any JSON reader reads the same way, giving up
///   on the rest (escapes, numbers that do not fit), so a caller can fall back to `JSONDecoder`.
///
/// The bytes are not copied: they must stay valid while the scanner is used.
public struct JSONScanner {
    /// The document. Every read is guarded by `position < bytes.count`: release builds do not
    /// check an unsafe buffer's subscript, which made the loops twice as fast as over `Array`.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte; ``index`` outside the module, which may only read it.
    @usableFromInline var position = 0

    /// Deeper documents are refused, so a hostile body cannot exhaust the stack (GitHub's
    /// payloads nest about 6 levels, build reports 4).
    public static let maximumDepth = 256

    /// Scans `bytes` from the start.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Scans raw bytes (a `Data`'s, say) from the start.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes.bindMemory(to: UInt8.self)
    }

    // MARK: Position

    /// The offset of the next byte to read.
    public var index: Int { position }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == bytes.count }

    /// The next byte, nil at the end.
    @inlinable public var nextByte: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// Whether the next byte is `byte`.
    @inlinable public func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    /// Moves past `byte` if it comes next; false (and no move) otherwise.
    @inlinable public mutating func consume(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        position += 1
        return true
    }

    /// Moves past spaces, tabs, line feeds and carriage returns (JSON's only whitespace).
    @inlinable public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Refuses anything but whitespace after the top-level value.
    public mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard isAtEnd else { throw error("unexpected data after the JSON value") }
    }

    // MARK: Literals

    /// Moves past `word` (`true`, `false`, `null`) if it comes next; false (and no move) otherwise.
    public mutating func consumeLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            return false
        }
        position += count
        return true
    }

    /// Moves past `word`, or says why it is not there.
    public mutating func literal(_ word: StaticString) throws(Failure) {
        guard !consumeLiteral(word) else { return }
        throw error(position + word.utf8CodeUnitCount > bytes.count ? "unexpected end of data" : "invalid literal")
    }

    // MARK: Errors

    /// Why the bytes are not JSON, and where.
    @MemberwiseInit(.public)
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, without the offset ("unterminated string").
        public let reason: String
        /// The byte offset where reading stopped.
        public let offset: Int

        /// The reason with its offset, as people read it: "unterminated string at byte 12".
        public var message: String { "\(reason) at byte \(offset)" }

        /// The same as ``message``.
        public var description: String { message }
    }

    /// `reason`, at the current offset.
    public func error(_ reason: String) -> Failure {
        Failure(reason: reason, offset: position)
    }

    /// The error for a value that cannot start with the next byte (or for the end of data).
    public func unexpectedByte() -> Failure {
        guard let byte = nextByte else { return error("unexpected end of data") }
        return error("unexpected character '\(Unicode.Scalar(byte))'")
    }

    /// Refuses a value nested `depth` levels deep when that is past ``maximumDepth``.
    public func checkDepth(_ depth: Int) throws(Failure) {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }
}
