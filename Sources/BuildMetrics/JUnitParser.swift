import Foundation

/// Reads JUnit XML as Gradle, the Android Gradle plugin, xcodebuild converters (xcpretty,
/// fastlane trainer, xcbeautify) and Maven surefire write it: `testsuites`/`testsuite`/`testcase`
/// with `failure`, `error` and `skipped` children and `time` attributes.
///
/// Retries: the same `classname` + `name` appearing more than once is one test case whose last
/// appearance decides its outcome; failing first and passing last makes it flaky. Surefire's
/// `flakyFailure`/`flakyError` (passed on a rerun) and `rerunFailure`/`rerunError` are read too.
/// A cut-off file yields every test case completed before the cut.
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
            var passedOnRerun = false
            var reruns = false
        }

        var result = ParseResult(format: .junit)
        var tally = TestTally()
        var suites: [String] = []
        var openCase: OpenCase?
        var collectingMessage = false
        var sawJUnitElement = false
        var depth = 0

        mutating func handle(_ event: XMLScanner.Event) {
            switch event {
            case let .start(name, attributes, selfClosing):
                if !selfClosing { depth += 1 }
                start(name, attributes, selfClosing: selfClosing)
            case let .end(name):
                depth -= 1
                end(name)
            case let .text(text):
                guard collectingMessage, openCase?.message == nil else { return }
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
                let suite = attributes["classname"] ?? attributes["class"] ?? suites.last ?? ""
                let test = OpenCase(suite: suite, name: attributes["name"] ?? "", seconds: JUnitParser.seconds(attributes["time"]))
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
                break
            }
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
            tally.record(suite: test.suite, name: test.name, outcome: test.outcome, seconds: test.seconds, message: test.message)
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
