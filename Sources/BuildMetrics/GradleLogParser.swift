import Foundation

/// Reads Gradle console output (`--console=plain`, also tolerant of colour codes and CI
/// timestamps): per-task outcomes, the `N actionable tasks` summary, `BUILD SUCCESSFUL|FAILED in …`,
/// Kotlin/Java compiler errors and warnings, and the `* What went wrong:` message.
///
/// Feed chunks as they stream (``feed(_:)-(Data)``) and call ``finish()``, or call ``parse(_:)-(Data)``
/// on a whole log. Task durations are not in console output; tasks carry none.
/// A `FROM-CACHE` task's cache kind is `unknown`: the console does not say local or remote.
///
/// The rules are ``GradleLogGrammar``'s; the streaming is ``LogLineStream``'s, shared with
/// ``XcodebuildLogParser``.
public struct GradleLogParser: BuildLogParser {
    private var stream = LogLineStream(GradleLogGrammar())

    /// Creates a parser with nothing read yet.
    public init() {}

    /// Reads the next chunk of output; a line cut by the chunk's end is completed by the next chunk.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        stream.feed(bytes)
    }

    /// Reads the last unterminated line and returns everything read.
    public mutating func finish() -> ParseResult {
        stream.finish()
    }
}
