import Core
import Foundation

/// What `xcrun xcresulttool get test-results tests --path X.xcresult` (Xcode 16 and later)
/// printed: a tree of `testNodes` (`Test Plan` → `UI test bundle` → `Test Suite` →
/// `Test Case` → `Repetition`, `Failure Message`, …), each with `nodeType`, `name`, and on
/// test cases `nodeIdentifier`, `result` (`Passed`, `Failed`, `Skipped`, `Expected Failure`)
/// and `duration` (text such as `0.1s`, with the locale's decimal mark; newer Xcode adds
/// `durationInSeconds`).
///
/// A tree with no test case is the bundle of a run that never started (research: an empty
/// `testNodes`, or a plan with `result: unknown` and no children).
public enum XcresultTests {
    /// One node, every field optional so that an odd node is skipped, not a failed read.
    struct Node: Decodable {
        var nodeType: String?
        var name: String?
        var nodeIdentifier: String?
        var result: String?
        var duration: String?
        var durationInSeconds: Double?
        var children: [Node]?

        /// Seconds, from either field.
        var seconds: Double? {
            if let durationInSeconds { return durationInSeconds }
            guard var text = duration?.trimmingCharacters(in: .whitespaces), text.hasSuffix("s") else { return nil }
            text.removeLast()
            return Double(text.replacingOccurrences(of: ",", with: "."))
        }
    }

    struct Document: Decodable {
        var testNodes: [Node]?
    }

    /// The test cases, named `Target/Class/method` (the `-only-testing:` form); nil when the
    /// JSON is not xcresulttool's.
    public static func parse(_ data: Data) -> [DeviceTestResult]? {
        guard let document = try? JSONDecoder().decode(Document.self, from: data), let nodes = document.testNodes else { return nil }
        var results: [DeviceTestResult] = []
        for node in nodes { collect(node, bundle: nil, into: &results) }
        return results
    }

    private static func collect(_ node: Node, bundle: String?, suite: String? = nil, into results: inout [DeviceTestResult]) {
        var bundle = bundle
        var suite = suite
        if node.nodeType == "UI test bundle" || node.nodeType == "Unit test bundle" { bundle = node.name ?? bundle }
        if node.nodeType == "Test Suite" { suite = node.name ?? suite }
        if node.nodeType == "Test Case", let given = node.nodeIdentifier ?? node.name {
            // Xcode names XCTest methods `testSignIn()` (`Class/testSignIn()`); `-only-testing:`
            // and the queue name them without the parentheses.
            let identifier = plain(given)
            var parts = identifier.split(separator: "/").map(String.init)
            if parts.count == 1, let suite { parts.insert(suite, at: 0) }
            if parts.count < 3, let bundle { parts.insert(bundle, at: 0) }
            let name = parts.joined(separator: "/")
            let outcome: DeviceTestOutcome
            switch node.result {
            case "Passed", "Expected Failure": outcome = .passed
            case "Skipped": outcome = .skipped
            default: outcome = .failed
            }
            let message = outcome == .failed ? (node.children ?? []).first { $0.nodeType == "Failure Message" }?.name : nil
            results.append(DeviceTestResult(name: name, outcome: outcome, seconds: node.seconds, message: message))
            return
        }
        for child in node.children ?? [] { collect(child, bundle: bundle, suite: suite, into: &results) }
    }

    /// A test's name without a trailing `()`.
    public static func plain(_ name: String) -> String {
        name.hasSuffix("()") ? String(name.dropLast(2)) : name
    }
}
