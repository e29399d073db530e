import Foundation
import XMLScanning

/// Reads JUnit XML as Gradle, the Android Gradle plugin, xcodebuild converters (xcpretty,
/// fastlane trainer, xcbeautify) and Maven surefire write it: `testsuites`/`testsuite`/`testcase`
/// with `failure`, `error` and `skipped` children and `time` attributes.
///
/// Retries: the same `classname` + `name` appearing more than once is one test case whose last
/// appearance decides its outcome; failing first and passing last makes it flaky. Surefire's
/// `flakyFailure`/`flakyError` (passed on a rerun) and `rerunFailure`/`rerunError` are read too.
/// A cut-off file yields every test case completed before the cut.
///
/// Where a failure points: a test case's `file` and `line` attributes (pytest, jest-junit and
/// xcresult converters write them), else the failure text's `path:line` (xcpretty, trainer,
/// xcbeautify), else the test's own frame in a JVM stack trace (Gradle, surefire). What cannot
/// be read (a test case without a name, a `time` that is not a number, elements a test case
/// should not have, a cut-off document) is a warning, never dropped silently.
public enum JUnitParser {
    /// Parses a JUnit XML document.
    public static func parse(_ data: Data) -> ParseResult {
        var reader = Reader()
        var scanner = XMLScanner(Array(data))
        while let event = scanner.next() { reader.handle(event) }
        return reader.finish(truncated: scanner.truncated)
    }

    // MARK: Reader

    /// Follows the element stack and records each finished test case.
    private struct Reader {
        struct OpenCase {
            var suite: String
            var name: String
            var seconds: Double?
            var outcome: TestAttemptOutcome = .passed
            var hasResult = false
            var message: String?
            var failureText = ""
            var file: String?
            var line: Int?
            var passedOnRerun = false
            var reruns = false
        }

        /// Elements a test case may hold; anything else is reported once.
        static let knownChildren: Set<String> = [
            "failure", "error", "skipped", "system-out", "system-err", "flakyFailure", "flakyError", "rerunFailure", "rerunError",
            "properties", "property", "stackTrace",
        ]
        /// Most failure text kept per test case for finding its location.
        static let maxFailureText = 16 * 1024

        var result = ParseResult(format: .junit)
        var tally = TestTally()
        var suites: [String] = []
        var openCase: OpenCase?
        var collectingMessage = false
        var sawJUnitElement = false
        var depth = 0
        var unknownChildren = Set<String>()

        mutating func handle(_ event: XMLScanner.Event) {
            switch event {
            case let .start(name, attributes, selfClosing):
                if !selfClosing { depth += 1 }
                start(name, attributes, selfClosing: selfClosing)
            case let .end(name):
                depth -= 1
                end(name)
            case let .text(text):
                guard collectingMessage, openCase != nil else { return }
                if openCase?.failureText.utf8.count ?? 0 < Self.maxFailureText { openCase?.failureText += text }
                guard openCase?.message == nil else { return }
                let line = text.split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
                openCase?.message = line.map { String($0.prefix(1_000)) }
            }
        }

        private mutating func start(_ name: String, _ attributes: [String: String], selfClosing: Bool) {
            switch name {
            case "testsuites":
                sawJUnitElement = true
            case "testsuite":
                sawJUnitElement = true
                if !selfClosing { suites.append(attributes["name"] ?? "") }
            case "testcase":
                sawJUnitElement = true
                let test = openTestCase(attributes)
                if selfClosing { record(test) } else { openCase = test }
            case "failure", "error":
                guard openCase != nil else { return }
                openCase?.outcome = .failed
                openCase?.hasResult = true
                if let message = attributes["message"], !message.isEmpty { openCase?.message = String(message.prefix(1_000)) }
                collectingMessage = !selfClosing
            case "skipped":
                guard openCase != nil, openCase?.outcome != .failed else { return }
                openCase?.outcome = .skipped
                openCase?.hasResult = true
            case "flakyFailure", "flakyError":
                openCase?.passedOnRerun = true
            case "rerunFailure", "rerunError":
                openCase?.reruns = true
            default:
                if openCase != nil, !Self.knownChildren.contains(name) { unknownChildren.insert(name) }
            }
        }

        /// A test case from its attributes; a missing name or a bad time is reported.
        private mutating func openTestCase(_ attributes: [String: String]) -> OpenCase {
            let suite = attributes["classname"] ?? attributes["class"] ?? suites.last ?? ""
            var name = attributes["name"]?.trimmingCharacters(in: .whitespaces) ?? ""
            if name.isEmpty {
                name = "(unnamed)"
                result.warn("a test case in `\(suite)` has no name; counted as `(unnamed)`")
            }
            let seconds = JUnitParser.seconds(attributes["time"])
            if let time = attributes["time"], seconds == nil, !time.trimmingCharacters(in: .whitespaces).isEmpty {
                result.warn("test case `\(suite).\(name)` has time `\(time.prefix(40))`, not a number of seconds; its duration is unknown")
            }
            var test = OpenCase(suite: suite, name: name, seconds: seconds)
            if let file = attributes["file"]?.trimmingCharacters(in: .whitespaces), !file.isEmpty {
                test.file = file
                test.line = attributes["line"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 > 0 ? $0 : nil }
            }
            return test
        }

        private mutating func end(_ name: String) {
            switch name {
            case "testcase":
                if let test = openCase { record(test) }
                openCase = nil
                collectingMessage = false
            case "failure", "error":
                collectingMessage = false
            case "testsuite":
                _ = suites.popLast()
            default:
                break
            }
        }

        private mutating func record(_ test: OpenCase) {
            var file = test.file, line = test.line
            if file == nil, test.outcome == .failed {
                let location = TestLocation.find(in: test.failureText, suite: test.suite)
                    ?? test.message.flatMap { TestLocation.find(in: $0, suite: test.suite) }
                file = location?.file
                line = location?.line
            }
            tally.record(
                suite: test.suite, name: test.name, outcome: test.outcome, seconds: test.seconds, message: test.message, file: file, line: line)
            if test.passedOnRerun || test.reruns { tally.markFailedEarlier(suite: test.suite, name: test.name) }
        }

        mutating func finish(truncated: Bool) -> ParseResult {
            if let test = openCase {
                if test.hasResult {
                    record(test)
                } else {
                    result.warn("the last test case (\(test.name)) was cut off before its result; not counted")
                }
            }
            if truncated || depth > 0 { result.warn("the document is truncated; read the test cases completed before the cut") }
            if !unknownChildren.isEmpty {
                result.warn("test cases hold elements this reader does not know, ignored: \(unknownChildren.sorted().map { "<\($0)>" }.joined(separator: ", "))")
            }
            if !sawJUnitElement {
                result.warn("no JUnit elements found (expected <testsuites>, <testsuite> or <testcase>)")
                return result
            }
            let summary = tally.summary()
            result.tests = summary
            result.outcome = summary.failed > 0 ? .failure : .success
            return result
        }
    }

    // MARK: Values

    /// `0.123`, `1,234.5` (thousands separator) or `0,123` (decimal comma).
    static func seconds(_ text: String?) -> Double? {
        guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.contains(".") { text.removeAll { $0 == "," } } else { text = text.replacingOccurrences(of: ",", with: ".") }
        guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
