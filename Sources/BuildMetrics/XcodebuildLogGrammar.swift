import Foundation

/// The rules of xcodebuild console output, line by line: the targets built
/// (`(in target 'App' from project 'App')`), `** BUILD SUCCEEDED **`-style results with their
/// `[12.3 sec]`, distinct `error:`/`warning:` lines, the `-showBuildTimingSummary` section, and
/// XCTest and Swift Testing results. ``XcodebuildLogParser`` streams a log through it.
struct XcodebuildLogGrammar: LogLineGrammar {
    /// What has been read so far.
    var result = ParseResult(format: .xcodebuild)
    /// Distinct error and warning lines.
    var diagnostics = DiagnosticCounter()
    /// Test results from XCTest and Swift Testing lines.
    var tests = TestTally()
    /// Where each target's record is in `result.tasks`, so a target is listed once.
    var targetIndex: [String: Int] = [:]
    /// The last target name seen, as bytes: consecutive lines mostly repeat it.
    var lastTargetBytes: [UInt8] = []
    /// Inside the `Build Timing Summary` section.
    var inTimingSummary = false
    /// Whether a `** … **` result line was read.
    var sawResultLine = false
    /// Whether anything xcodebuild-shaped was read.
    var sawAnything = false
    /// The failure message of the running XCTest case (`""` once it started, nil outside one).
    var currentTestFailure: String?
    /// Each Swift Testing test's first recorded issue, until its result line.
    var swiftTestingIssues: [String: String] = [:]
    /// Whether any action's result line said FAILED.
    var actionFailed = false
    /// Whether any action's result line said INTERRUPTED or CANCELLED.
    var actionInterrupted = false

    /// Counts, tests, the outcome from the result lines, and what was missing.
    mutating func complete() {
        diagnostics.apply(to: &result)
        if !tests.isEmpty { result.tests = tests.summary() }
        if sawResultLine {
            result.outcome = actionFailed ? .failure : actionInterrupted ? .canceled : .success
        } else if sawAnything {
            result.warn("no `** BUILD/TEST … **` result line: the log may be truncated")
            if result.errorCount > 0 || (result.tests?.failed ?? 0) > 0 { result.outcome = .failure }
        } else {
            result.warn("no xcodebuild output recognised")
        }
    }

    // MARK: Lines

    /// Reads one line; indented lines (most of the log) are dropped at one byte's cost.
    mutating func consume(_ line: UnsafeRawBufferPointer, _ number: Int) {
        guard line.count > 0 else { return }
        // Indented lines are tool invocations (`    cd …`, `    /…/swiftc …`) and env dumps:
        // the bulk of the log and never anything we count, so they are skipped at one byte's cost.
        let first = line[0]
        if first == 0x20 || first == 0x09 { return }
        let start = first == 0x1B ? line.contentStart() : 0
        guard start < line.count else { return }
        if inTimingSummary, timingEntry(line, from: start, number) { return }
        switch line[start] {
        case UInt8(ascii: "*"):
            if line.matches("** ", at: start) { resultLine(line, from: start + 3, number) }
        case UInt8(ascii: "B"):
            if line.matches("Build Timing Summary", at: start) {
                inTimingSummary = true
                sawAnything = true
                return
            }
        case UInt8(ascii: "T"):
            if line.matches("Test Case '", at: start) || line.matches("Test case '", at: start) {
                xctestLine(line, from: start + 11, number)
                return
            }
        case UInt8(ascii: "="):
            if line.matches("=== BUILD TARGET ", at: start) { legacyTarget(line, from: start + 17) }
            return
        case 0xE2...0xF4:
            swiftTestingLine(line, from: start)
            return
        default:
            break
        }
        if line.endsWith("')") { targetSuffix(line) }
        diagnosticLine(line, from: start)
    }

    private mutating func resultLine(_ line: UnsafeRawBufferPointer, from offset: Int, _ number: Int) {
        guard let close = line.find(" **", from: offset) else { return }
        sawResultLine = true
        sawAnything = true
        let words = line.string(offset..<close)
        if words.hasSuffix("FAILED") {
            actionFailed = true
        } else if words.hasSuffix("INTERRUPTED") || words.hasSuffix("CANCELLED") || words.hasSuffix("CANCELED") {
            actionInterrupted = true
        } else if !words.hasSuffix("SUCCEEDED") {
            result.warn("unknown result `\(words)`", line: number)
        }
        // `** BUILD SUCCEEDED ** [67.890 sec]`: keep the longest action's time.
        if let bracket = line.find(byte: UInt8(ascii: "["), from: close), let seconds = line.decimal(at: bracket + 1) {
            result.durationSeconds = max(result.durationSeconds ?? 0, seconds.value)
        }
    }

    /// `CompileSwiftSources (12 tasks) | 45.123 seconds`; false when the section has ended.
    private mutating func timingEntry(_ line: UnsafeRawBufferPointer, from offset: Int, _ number: Int) -> Bool {
        guard let bar = line.find(" | ", from: offset),
              let paren = line.findLast(byte: UInt8(ascii: "("), before: bar),
              paren > offset,
              let count = line.integer(at: paren + 1),
              let seconds = line.decimal(at: line.skipSpaces(from: bar + 3)) else {
            inTimingSummary = false
            return false
        }
        let name = line.string(offset..<paren).trimmingCharacters(in: .whitespaces)
        result.timingSummary.append(TimingEntry(name: name, taskCount: count.value, seconds: seconds.value))
        return true
    }

    private mutating func legacyTarget(_ line: UnsafeRawBufferPointer, from offset: Int) {
        guard let end = line.find(" OF PROJECT ", from: offset) else { return }
        addTarget(line.string(offset..<end))
    }

    /// `CompileSwift normal arm64 /x.swift (in target 'App' from project 'App')`.
    private mutating func targetSuffix(_ line: UnsafeRawBufferPointer) {
        let searchFrom = max(0, line.count - 512)
        guard let marker = line.find("(in target '", from: searchFrom) else { return }
        let nameStart = marker + 12
        guard let nameEnd = line.find(byte: UInt8(ascii: "'"), from: nameStart), nameEnd > nameStart else { return }
        let name = UnsafeRawBufferPointer(rebasing: line[nameStart..<nameEnd])
        // Consecutive lines mostly name the same target: compare bytes before making a String.
        if name.elementsEqual(lastTargetBytes) { return }
        lastTargetBytes = Array(name)
        addTarget(String(decoding: name, as: UTF8.self))
    }

    private mutating func addTarget(_ name: String) {
        sawAnything = true
        guard targetIndex[name] == nil else { return }
        targetIndex[name] = result.tasks.count
        result.tasks.append(TaskRecord(name: name, target: name, outcome: .executed))
    }
}
