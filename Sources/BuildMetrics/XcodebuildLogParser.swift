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
public struct XcodebuildLogParser: Sendable {
    private var stream = LogLineStream(XcodebuildLogGrammar())

    /// Creates a parser with nothing read yet.
    public init() {}

    // MARK: Whole inputs

    /// Parses a whole log.
    public static func parse(_ data: Data) -> ParseResult {
        data.withUnsafeBytes { parse($0) }
    }

    /// Parses a whole log held in memory.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ParseResult {
        LogLineStream.parse(bytes, with: XcodebuildLogGrammar())
    }

    // MARK: Streaming

    /// Reads the next chunk of output.
    public mutating func feed(_ data: Data) {
        stream.feed(data)
    }

    /// Reads the next chunk of output.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        stream.feed(bytes)
    }

    /// Reads the last unterminated line and returns everything read.
    public mutating func finish() -> ParseResult {
        stream.finish()
    }

    // MARK: Test names

    /// `-[Mod.Class testX]` → (`Mod.Class`, `testX`); see ``XcodebuildLogGrammar/splitTestName(_:)``.
    static func splitTestName(_ raw: String) -> (suite: String, name: String) {
        XcodebuildLogGrammar.splitTestName(raw)
    }
}
