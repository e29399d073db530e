import Foundation

/// Reads `xcrun xcresulttool get test-results tests` JSON (Xcode 16 and later): a `testNodes`
/// tree of Test Plan → Unit/UI test bundle → Test Suite(s) → Test Case → Arguments/Repetition →
/// Failure Message, each with a `result` (Passed, Failed, Skipped, Expected Failure) and a
/// `durationInSeconds` number or a `duration` text (`0,12s`, `1m 3s`).
///
/// Counting (see ``TestSummary``): each **Test Case node counts once**. A parameterized Swift
/// Testing test with three argument sets is one test case, failed if any argument set failed
/// (xcresulttool rolls that up into the Test Case's result). A test case that has Repetition
/// children ran more than once (`retried`); one whose result is Passed though a repetition
/// failed is flaky. Its duration is the sum of its repetitions', else its own. Expected
/// Failure counts as passed. The suite of a failure is the nearest enclosing Test Suite.
public enum XCResultTestsParser {
    /// Parses the JSON; a truncated document is read up to its last complete value.
    public static func parse(_ data: Data) -> ParseResult {
        var result = ParseResult(format: .xcresult)
        let reading = TolerantJSON.read(data)
        if reading.repaired { result.warn("the document was truncated; read up to its last complete value") }
        guard let root = JSONLook.object(reading.value), let nodes = JSONLook.array(root["testNodes"]) else {
            result.warn(reading.value == nil ? "not valid JSON: nothing read" : "no `testNodes` array: not xcresulttool test-results output")
            return result
        }
        var walker = Walker()
        for node in nodes { walker.visit(node, suite: "") }
        for type in walker.unknownTypes.sorted() { result.warn("nodes of unknown type `\(type)` ignored") }
        for problem in walker.problems.prefix(20) { result.warn(problem) }
        let summary = walker.tally.summary()
        result.tests = summary
        result.outcome = summary.failed > 0 ? .failure : .success
        return result
    }

    // MARK: Walking

    private struct Walker {
        static let containers: Set<String> = ["Test Plan", "Unit test bundle", "UI test bundle", "Test Suite", "Test Plan Configuration", "Device"]
        static let leaves: Set<String> = ["Arguments", "Repetition", "Failure Message", "Source Code Reference", "Attachment", "Expression", "Runtime Warning", "Test Value"]

        var tally = TestTally()
        var unknownTypes = Set<String>()
        var problems: [String] = []

        mutating func visit(_ value: Any, suite: String) {
            guard let node = JSONLook.object(value) else { return }
            let type = JSONLook.string(node["nodeType"]) ?? ""
            let name = JSONLook.string(node["name"]) ?? ""
            if type == "Test Case" { return testCase(node, name: name, suite: suite) }
            if !Self.containers.contains(type), !Self.leaves.contains(type) { unknownTypes.insert(type.isEmpty ? "(missing)" : type) }
            let childSuite = type == "Test Suite" || (suite.isEmpty && type.hasSuffix("test bundle")) ? name : suite
            for child in JSONLook.array(node["children"]) ?? [] { visit(child, suite: childSuite) }
        }

        private mutating func testCase(_ node: [String: Any], name: String, suite: String) {
            var facts = Facts()
            let children = JSONLook.array(node["children"]) ?? []
            facts.noteRepetitions(among: children)
            for child in children { facts.collect(child) }
            var outcome: TestAttemptOutcome
            switch JSONLook.string(node["result"]) {
            case "Passed", "Expected Failure": outcome = .passed
            case "Failed": outcome = .failed
            case "Skipped": outcome = .skipped
            case let other:
                problems.append("test case `\(name)` has result `\(other ?? "(missing)")`; counted as skipped")
                outcome = .skipped
            }
            let own = XCResultTestsParser.seconds(node)
            let seconds = facts.repetitionSeconds > 0 ? facts.repetitionSeconds : own
            let attempts = max(facts.maxRepetitions, 1)
            // Replay the attempts so the tally sees a retry: earlier ones failed if any repetition failed.
            for _ in 1..<attempts {
                tally.record(suite: suite, name: name, outcome: facts.anyRepetitionFailed ? .failed : outcome, seconds: 0, message: facts.message)
            }
            // A failure message starts with where it happened: `ParserTests.swift:20: XCTAssertNil failed`.
            let location = outcome == .skipped ? nil : facts.message.flatMap(TestLocation.pathAndLine)
            tally.record(
                suite: suite, name: name, outcome: outcome, seconds: seconds, message: facts.message, file: location?.file, line: location?.line)
        }
    }

    /// What the children of a Test Case say about its runs.
    private struct Facts {
        var maxRepetitions = 0
        var repetitionSeconds = 0.0
        var anyRepetitionFailed = false
        var message: String?

        mutating func collect(_ value: Any) {
            guard let node = JSONLook.object(value) else { return }
            let type = JSONLook.string(node["nodeType"])
            let children = JSONLook.array(node["children"]) ?? []
            switch type {
            case "Repetition":
                repetitionSeconds += XCResultTestsParser.seconds(node) ?? 0
                if JSONLook.string(node["result"]) == "Failed" { anyRepetitionFailed = true }
            case "Failure Message":
                if message == nil, JSONLook.string(node["result"]) != "Skipped" { message = JSONLook.string(node["name"]) }
            default:
                break
            }
            noteRepetitions(among: children)
            for child in children { collect(child) }
        }

        /// Repetitions are siblings (under the Test Case, or under one Arguments node).
        mutating func noteRepetitions(among children: [Any]) {
            let repetitions = children.filter { JSONLook.string(JSONLook.object($0)?["nodeType"]) == "Repetition" }.count
            maxRepetitions = max(maxRepetitions, repetitions)
        }
    }

    // MARK: Values

    /// `durationInSeconds`, else `duration` text such as `0,12s` or `1m 3s`.
    static func seconds(_ node: [String: Any]) -> Double? {
        if let number = JSONLook.number(node["durationInSeconds"]), number >= 0, number.isFinite { return number }
        return JSONLook.string(node["duration"]).flatMap(DurationText.seconds(in:))
    }
}
