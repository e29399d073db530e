import Core

/// What `adb shell am instrument -w -r` printed, read by the raw protocol of ddmlib's
/// `InstrumentationResultParser`: `INSTRUMENTATION_STATUS: key=value` bundles (a value goes
/// on over lines without a prefix), each closed by `INSTRUMENTATION_STATUS_CODE: N`, then
/// `INSTRUMENTATION_RESULT:` lines and `INSTRUMENTATION_CODE: N`.
///
/// Status codes (AndroidX `InstrumentationResultPrinter`): 1 start, 0 ok, -1 error
/// (deprecated), -2 failure, -3 ignored, -4 assumption failure, 2 custom metrics (closes no
/// test). `INSTRUMENTATION_CODE: -1` means the runner finished (even with failed tests);
/// anything else, or none, means the run was cut short.
///
/// The output carries no time: a test's seconds are measured by the agent between its start
/// (status 1) and its end code, from when each line arrived (`lineSeconds`).
public struct InstrumentationOutput: Sendable, Equatable {
    /// Each test that ended, as `class#method`.
    public var results: [DeviceTestResult]
    /// Tests that started and never ended (the process died under them), as `class#method`.
    public var unfinished: [String]
    /// `INSTRUMENTATION_CODE`, when printed.
    public var sessionCode: Int?
    /// `shortMsg` of the result bundle, or `INSTRUMENTATION_FAILED`'s text, or a status
    /// bundle's `Error` that belongs to no test.
    public var runFailure: String?

    /// Reads the output. `lineSeconds[i]`, when given, is when the agent's clock saw line `i`
    /// end (its `\n`; the `i`-th `\n` of the output), in seconds from any fixed start.
    public static func parse(_ text: String, lineSeconds: [Double] = []) -> InstrumentationOutput {
        var output = InstrumentationOutput(results: [], unfinished: [], sessionCode: nil, runFailure: nil)
        var bundle: [String: String] = [:]
        var resultBundle: [String: String] = [:]
        var currentKey: String?
        var inResult = false
        var started: [String: Int] = [:]
        var startOrder: [String] = []
        var startedAt: [String: [Double]] = [:]
        var lineIndex = -1
        // "\r\n" is one Character in Swift: split on both line ends (older devices print CRLF).
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineIndex += 1
            let at = lineIndex < lineSeconds.count ? lineSeconds[lineIndex] : nil
            var line = Substring(rawLine)
            while line.last == "\r" { line = line.dropLast() }
            if let value = line.after("INSTRUMENTATION_STATUS: ") {
                inResult = false
                currentKey = Self.store(value, in: &bundle)
            } else if let value = line.after("INSTRUMENTATION_STATUS_CODE: ") {
                currentKey = nil
                let code = Int(value.trimmingSpaces)
                defer { bundle = [:] }
                let test = Self.testName(bundle)
                guard let code else { continue }
                switch code {
                case 1:
                    if let test {
                        started[test] = (started[test] ?? 0) + 1
                        startOrder.append(test)
                        if let at { startedAt[test, default: []].append(at) }
                    }
                case 2:
                    continue
                default:
                    guard let test else {
                        // A bundle of no test: the process crashed before any test, or the
                        // runner could not start.
                        if code < 0 { output.runFailure = output.runFailure ?? Self.firstLine(bundle["stack"] ?? bundle["Error"] ?? bundle["stream"]) }
                        continue
                    }
                    if let count = started[test] { started[test] = count > 1 ? count - 1 : nil }
                    var seconds: Double?
                    if let at, let start = startedAt[test]?.first {
                        startedAt[test]?.removeFirst()
                        seconds = max(at - start, 0)
                    }
                    let outcome: DeviceTestOutcome = switch code {
                    case 0: .passed
                    case -3, -4: .skipped
                    default: .failed
                    }
                    output.results.append(DeviceTestResult(
                        name: test, outcome: outcome, seconds: seconds, message: outcome == .failed ? Self.firstLine(bundle["stack"]) : nil))
                }
            } else if let value = line.after("INSTRUMENTATION_RESULT: ") {
                inResult = true
                currentKey = Self.store(value, in: &resultBundle)
            } else if let value = line.after("INSTRUMENTATION_CODE: ") {
                currentKey = nil
                output.sessionCode = Int(value.trimmingSpaces)
            } else if let value = line.after("INSTRUMENTATION_FAILED: ") {
                currentKey = nil
                output.runFailure = String(value)
            } else if let key = currentKey {
                // A value going on over lines (stack traces, stream text).
                if inResult { resultBundle[key, default: ""] += "\n" + String(line) } else { bundle[key, default: ""] += "\n" + String(line) }
            }
        }
        if let message = resultBundle["shortMsg"] { output.runFailure = message }
        output.unfinished = startOrder.filter { started[$0] != nil }.reduce(into: [String]()) { list, name in
            if !list.contains(name) { list.append(name) }
        }
        return output
    }

    /// Whether the runner finished normally (`INSTRUMENTATION_CODE: -1`, nothing cut short).
    public var finished: Bool { sessionCode == -1 && runFailure == nil && unfinished.isEmpty }

    /// Stores `key=value` in `bundle`, answering the key (later lines may continue its value).
    private static func store(_ text: Substring, in bundle: inout [String: String]) -> String? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let key = String(text[..<equals])
        bundle[key] = String(text[text.index(after: equals)...])
        return key
    }

    /// `class#test` of a bundle that names both.
    private static func testName(_ bundle: [String: String]) -> String? {
        guard let test = bundle["test"], let className = bundle["class"], !test.isEmpty, !className.isEmpty else { return nil }
        return className + "#" + test
    }

    /// The first non-empty line of a text.
    static func firstLine(_ text: String?) -> String? {
        text?.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.first { !$0.isEmpty }
    }
}

extension Substring {
    /// The rest after `prefix`, when the line starts with it.
    func after(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
