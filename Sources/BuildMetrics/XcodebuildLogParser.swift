import Foundation

/// Reads xcodebuild console output: the targets built (`(in target 'App' from project 'App')`),
/// `** BUILD SUCCEEDED **`-style results with their `[12.3 sec]`, distinct `error:`/`warning:`
/// lines, the `-showBuildTimingSummary` section, and test results from XCTest
/// (`Test Case '-[Mod.Class testX]' passed (0.123 seconds).`, Xcode 16's `Test case '…' passed on
/// '…' (…)`) and Swift Testing (`✔ Test "x" passed after 0.1 seconds.`, `✘ … failed …`).
///
/// Swift Testing prints one line per test function, so a parameterized test counts once
/// (see ``TestSummary``). Feed chunks while streaming, or call ``parse(_:)-(Data)``.
///
/// The rules are ``XcodebuildLogGrammar``'s; the streaming is ``LogLineStream``'s, shared with
/// ``GradleLogParser``.
public struct XcodebuildLogParser: BuildLogParser {
    private var stream = LogLineStream(XcodebuildLogGrammar())

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

    /// `-[Mod.Class testX]` → (`Mod.Class`, `testX`); see ``XcodebuildLogGrammar/splitTestName(_:)``.
    static func splitTestName(_ raw: String) -> (suite: String, name: String) {
        XcodebuildLogGrammar.splitTestName(raw)
    }
}
