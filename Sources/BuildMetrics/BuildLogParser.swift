import Foundation

/// A streaming reader of one build tool's console output (``GradleLogParser``,
/// ``XcodebuildLogParser``): feed chunks as they arrive and ``finish()``, or ``parse(_:)-(Data)``
/// a whole log.
///
/// A parser supplies the streaming of bytes (its ``LogLineStream``); the ways in for whole
/// logs and `Data` chunks are this protocol's, the same for every tool.
public protocol BuildLogParser: Sendable {
    /// A parser with nothing read yet.
    init()

    /// Reads the next chunk of output; a line cut by the chunk's end is completed by the next chunk.
    mutating func feed(_ bytes: UnsafeRawBufferPointer)

    /// Reads the last unterminated line and returns everything read.
    mutating func finish() -> ParseResult
}

extension BuildLogParser {
    /// Reads the next chunk of output; a line cut by the chunk's end is completed by the next chunk.
    public mutating func feed(_ data: Data) {
        data.withUnsafeBytes { feed($0) }
    }

    /// Parses a whole log.
    public static func parse(_ data: Data) -> ParseResult {
        data.withUnsafeBytes { parse($0) }
    }

    /// Parses a whole log held in memory.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ParseResult {
        var parser = Self()
        parser.feed(bytes)
        return parser.finish()
    }
}
