import Foundation

/// The rules of Gradle console output (`--console=plain`, also tolerant of colour codes and CI
/// timestamps), line by line: per-task outcomes, the `N actionable tasks` summary,
/// `BUILD SUCCESSFUL|FAILED in …`, Kotlin/Java compiler errors and warnings, and the
/// `* What went wrong:` message. ``GradleLogParser`` streams a log through it.
struct GradleLogGrammar: LogLineGrammar {
    /// What has been read so far.
    var result = ParseResult(format: .gradle)
    private var taskIndex: [String: Int] = [:]
    private var expectingFailureMessage = false
    private var sawBuildLine = false
    private var diagnostics = DiagnosticCounter()

    /// Counts, the outcome of a log without a `BUILD …` line, and what was missing.
    mutating func complete() {
        diagnostics.apply(to: &result)
        if result.tasks.isEmpty, !sawBuildLine, result.actionableTasks == nil {
            result.warn("no Gradle output recognised (expected `> Task :…` lines or `BUILD SUCCESSFUL`)")
        } else if !sawBuildLine {
            result.warn("no `BUILD SUCCESSFUL` or `BUILD FAILED` line: the log may be truncated")
            if result.tasks.contains(where: { $0.outcome == .failed }) { result.outcome = .failure }
        }
    }

    // MARK: Lines

    /// Reads one line: cheap first-byte dispatch, since most lines are compiler chatter.
    mutating func consume(_ line: UnsafeRawBufferPointer, _ number: Int) {
        let start = line.contentStart()
        guard start < line.count else { return }
        if expectingFailureMessage, !line.matches("* What went wrong:", at: start) {
            expectingFailureMessage = false
            result.keepErrorMessage(line.string(start..<line.count))
        }
        switch line[start] {
        case UInt8(ascii: ">"):
            if line.matches("> Task ", at: start) { task(line, from: start + 7, number) }
        case UInt8(ascii: "B"):
            if line.matches("BUILD SUCCESSFUL", at: start) {
                buildLine(line, outcome: .success, after: start + 16)
            } else if line.matches("BUILD FAILED", at: start) {
                buildLine(line, outcome: .failure, after: start + 12)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if let summary = line.find(" actionable task", from: start), summary < start + 12 {
                actionable(line, from: start, number)
            }
        case UInt8(ascii: "e"):
            if line.matches("e: ", at: start) { diagnostics.error(line.slice(from: start)) }
        case UInt8(ascii: "w"):
            if line.matches("w: ", at: start) { diagnostics.warning(line.slice(from: start)) }
        case UInt8(ascii: "*"):
            if line.matches("* What went wrong:", at: start) { expectingFailureMessage = true }
        case UInt8(ascii: "/"):
            // javac: `/src/Foo.java:12: error: cannot find symbol`.
            if line.find(": error: ", from: start) != nil {
                diagnostics.error(line.slice(from: start))
            } else if line.find(": warning: ", from: start) != nil {
                diagnostics.warning(line.slice(from: start))
            }
        default:
            break
        }
    }

    private mutating func task(_ whole: UnsafeRawBufferPointer, from offset: Int, _ number: Int) {
        // A colour code closing the line (`\e[m`) is not part of the task or its outcome.
        let line = UnsafeRawBufferPointer(rebasing: whole[..<(whole.find(byte: 0x1B, from: offset) ?? whole.count)])
        let pathEnd = line.find(byte: 0x20, from: offset) ?? line.count
        guard pathEnd > offset else { return result.warn("task line without a task path", line: number) }
        let path = line.string(offset..<pathEnd)
        let suffixStart = line.skipSpaces(from: pathEnd)
        var outcome = TaskOutcome.executed
        if suffixStart < line.count {
            if let known = Self.outcome(line, at: suffixStart) {
                outcome = known
            } else {
                result.warn("unknown task outcome `\(line.string(suffixStart..<line.count))`; counted as executed", line: number)
            }
        }
        let hasSuffix = suffixStart < line.count
        if let existing = taskIndex[path] {
            // Gradle repeats a task's header when its output interleaves; a later outcome wins.
            if hasSuffix { result.tasks[existing].outcome = outcome }
            return
        }
        taskIndex[path] = result.tasks.count
        // `:app:compileKotlin` belongs to `:app`; `:compileKotlin` to the root project `:`.
        var project: String?
        if let colon = line.findLast(byte: UInt8(ascii: ":"), before: pathEnd), colon >= offset {
            project = colon == offset ? ":" : line.string(offset..<colon)
        }
        result.tasks.append(TaskRecord(name: path, target: project, outcome: outcome))
    }

    private static func outcome(_ line: UnsafeRawBufferPointer, at offset: Int) -> TaskOutcome? {
        if line.matches("UP-TO-DATE", at: offset) { return .upToDate }
        if line.matches("FROM-CACHE", at: offset) { return .fromCache }
        if line.matches("NO-SOURCE", at: offset) { return .noSource }
        if line.matches("SKIPPED", at: offset) { return .skipped }
        if line.matches("FAILED", at: offset) { return .failed }
        return nil
    }

    private mutating func buildLine(_ line: UnsafeRawBufferPointer, outcome: BuildOutcome, after offset: Int) {
        sawBuildLine = true
        result.outcome = outcome
        guard line.matches(" in ", at: offset) else { return }
        let text = UnsafeRawBufferPointer(rebasing: line[(offset + 4)...])
        if let seconds = DurationText.seconds(in: text) { result.durationSeconds = seconds }
    }

    /// `12 actionable tasks: 3 executed, 4 from cache, 5 up-to-date`.
    private mutating func actionable(_ line: UnsafeRawBufferPointer, from offset: Int, _ number: Int) {
        guard let total = line.integer(at: offset), let colon = line.find(byte: UInt8(ascii: ":"), from: total.end) else {
            return result.warn("unreadable actionable-tasks line", line: number)
        }
        var summary = ActionableTaskSummary(actionable: total.value)
        var index = line.skipSpaces(from: colon + 1)
        while index < line.count {
            guard let count = line.integer(at: index) else { break }
            let word = line.skipSpaces(from: count.end)
            if line.matches("executed", at: word) {
                summary.executed = count.value
            } else if line.matches("from cache", at: word) {
                summary.fromCache = count.value
            } else if line.matches("up-to-date", at: word) {
                summary.upToDate = count.value
            } else {
                result.warn("unknown item in actionable-tasks line", line: number)
            }
            guard let comma = line.find(byte: UInt8(ascii: ","), from: word) else { break }
            index = line.skipSpaces(from: comma + 1)
        }
        result.actionableTasks = summary
    }
}
