import Foundation
import Testing
import FuzzSupport
@testable import BuildMetrics

/// Mutated Gradle and xcodebuild logs through their parsers: a whole log and the same log fed
/// in random chunks give the same result (agents stream output cut anywhere), and the result
/// keeps its promises (``ParseResult/invariantViolation``). Huge lines and huge logs complete.
@Suite struct LogParserFuzzTests {
    /// A log parser, whole and streaming, so both tools go through the same checks.
    struct Tool: Sendable, CustomStringConvertible {
        let description: String
        let fixtures: [String]
        let whole: @Sendable (Data) -> ParseResult
        let chunked: @Sendable ([Data]) -> ParseResult
    }

    static let tools = [
        Tool(
            description: "Gradle log", fixtures: ["gradle-success.log", "gradle-failure.log", "gradle-crlf-colour.log"],
            whole: { GradleLogParser.parse($0) },
            chunked: { chunks in
                var parser = GradleLogParser()
                for chunk in chunks { parser.feed(chunk) }
                return parser.finish()
            }),
        Tool(
            description: "xcodebuild log", fixtures: ["xcodebuild-build.log", "xcodebuild-test.log"],
            whole: { XcodebuildLogParser.parse($0) },
            chunked: { chunks in
                var parser = XcodebuildLogParser()
                for chunk in chunks { parser.feed(chunk) }
                return parser.finish()
            }),
    ]

    @Test(arguments: tools)
    func mutatedLogsParseTheSameWholeOrInChunks(tool: Tool) throws {
        let seeds = try tool.fixtures.map { Array(try Fixture.data($0)) }
        let campaign = FuzzCampaign(tool.description, iterations: 10_000, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .log)) { bytes in
            let whole = tool.whole(Data(bytes))
            if let violation = whole.invariantViolation { try fuzzCheck(false, violation) }
            let chunked = tool.chunked(Self.chunks(of: bytes))
            try fuzzCheck(chunked == whole, "fed in chunks: \(chunked)\nwhole: \(whole)")
        }
        #expect(summary.iterations >= seeds.count)
    }

    // MARK: Huge inputs

    @Test(.timeLimit(.minutes(1)), arguments: tools)
    func aTenMegabyteLineWithoutNewlineCompletes(tool: Tool) {
        let line = Data(repeating: UInt8(ascii: "x"), count: 10 * 1024 * 1024)
        let whole = tool.whole(line)
        #expect(whole.warnings.contains { $0.message.contains("longer than") }, "\(whole.warnings)")
        #expect(tool.chunked(stride(from: 0, to: line.count, by: 64 * 1024).map { line[$0..<min($0 + 64 * 1024, line.count)] }) == whole)
    }

    @Test(.timeLimit(.minutes(1)), arguments: tools)
    func aMillionShortLinesComplete(tool: Tool) {
        let log = Data(String(repeating: "> Task :a\n", count: 1_000_000).utf8)
        #expect(tool.whole(log).invariantViolation == nil)
    }

    // MARK: Helpers

    /// `bytes` cut at random places (the same places for the same input).
    static func chunks(of bytes: [UInt8]) -> [Data] {
        var random = SplitMix64(seed: UInt64(bytes.count))
        var chunks: [Data] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + random.skewedSize(upTo: 4_096))
            chunks.append(Data(bytes[start..<end]))
            start = end
        }
        return chunks
    }
}

// MARK: - Invariants

/// What every ``ParseResult`` promises whatever its input, checked by the fuzz harnesses of
/// the log and JUnit parsers.
extension ParseResult {
    /// The first broken promise, or nil: counts that add up (see ``TestSummary``), lists
    /// kept within their caps, durations that are finite and not negative.
    var invariantViolation: String? {
        if let tests {
            if tests.passed + tests.failed + tests.skipped != tests.total {
                return "passed \(tests.passed) + failed \(tests.failed) + skipped \(tests.skipped) != total \(tests.total)"
            }
            if tests.cases.count != tests.total { return "\(tests.cases.count) cases for a total of \(tests.total)" }
            if tests.failures.count != tests.failed { return "\(tests.failures.count) failures for \(tests.failed) failed" }
            if tests.flaky > tests.passed || tests.retried > tests.total { return "flaky \(tests.flaky) or retried \(tests.retried) out of range" }
            if !Self.isDuration(tests.durationSeconds) { return "test duration \(tests.durationSeconds)" }
            if let bad = tests.cases.first(where: { !($0.durationSeconds.map(Self.isDuration) ?? true) }) { return "case duration \(bad)" }
        }
        if warnings.count > ParseResult.maxWarnings + 1 { return "\(warnings.count) warnings kept" }
        if errorMessages.count > ParseResult.maxErrorMessages { return "\(errorMessages.count) error messages kept" }
        if errorCount < 0 || warningCount < 0 { return "error count \(errorCount), warning count \(warningCount)" }
        if let durationSeconds, !Self.isDuration(durationSeconds) { return "duration \(durationSeconds)" }
        if let bad = timingSummary.first(where: { !Self.isDuration($0.seconds) || $0.taskCount < 0 }) { return "timing entry \(bad)" }
        if let bad = tasks.first(where: { !($0.durationSeconds.map(Self.isDuration) ?? true) }) { return "task duration \(bad)" }
        return nil
    }

    private static func isDuration(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0
    }
}
