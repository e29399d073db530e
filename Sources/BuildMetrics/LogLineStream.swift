import Foundation

/// The rules of one build tool's console output, read a line at a time by a ``LogLineStream``.
///
/// A grammar keeps whatever state its format needs between lines (the task being run, whether
/// a summary section is open) and the ``ParseResult`` it is building; the stream owns
/// everything about bytes and chunks, so a grammar never sees a partial line.
protocol LogLineGrammar: Sendable {
    /// What has been read so far; the stream adds its own warnings (cut lines) before
    /// ``complete()``.
    var result: ParseResult { get set }

    /// Reads one line, without its `\n` or trailing `\r`; `number` is 1-based.
    mutating func consume(_ line: UnsafeRawBufferPointer, _ number: Int)

    /// Finishes `result` after the last line: counts, outcome, and warnings about what was
    /// missing (a truncated log, nothing recognised).
    mutating func complete()
}

/// Feeds a byte stream to a grammar line by line: the streaming both log parsers share.
///
/// Chunks may end anywhere (agents forward output as it arrives): ``LineSplitter`` carries a
/// cut line over to the next chunk, and lines past ``LineSplitter/maxLineLength`` are cut and
/// reported once, at the end, as a warning.
struct LogLineStream<Grammar: LogLineGrammar>: Sendable {
    private var splitter = LineSplitter()
    private var grammar: Grammar

    /// A stream with nothing read yet, for `grammar`.
    init(_ grammar: Grammar) {
        self.grammar = grammar
    }

    /// Reads the next chunk of output.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        // The splitter is swapped out while it calls back into `grammar`, so the two are not
        // both accessed through `self` at once (Swift's exclusivity rule).
        var splitter = LineSplitter()
        swap(&splitter, &self.splitter)
        splitter.feed(bytes) { line, number in grammar.consume(line, number) }
        swap(&splitter, &self.splitter)
    }

    /// Reads the last unterminated line and returns everything read.
    mutating func finish() -> ParseResult {
        var splitter = LineSplitter()
        swap(&splitter, &self.splitter)
        splitter.finish { line, number in grammar.consume(line, number) }
        if splitter.overlongLines > 0 {
            grammar.result.warn("\(splitter.overlongLines) line(s) longer than \(LineSplitter.maxLineLength) bytes were cut")
        }
        grammar.complete()
        return grammar.result
    }
}
