import Foundation
import MemberwiseInit

/// Counts and failures of one test run.
///
/// How tests are counted, whatever the source format:
/// - one **test case** is one count: a retried test counts once, with the outcome of its final
///   attempt; a parameterized test (Swift Testing `arguments:`, JUnit parameterized names aside)
///   counts once however many argument sets ran, and fails if any argument set failed;
/// - `passed + failed + skipped == total`; an expected failure (`XCTExpectFailure`,
///   `withKnownIssue`) counts as passed;
/// - `flaky` counts tests that failed at least once and then passed on a retry (they are also in
///   `passed`); `retried` counts tests that ran more than once, whatever the outcome.
@MemberwiseInit(.public)
public struct TestSummary: Codable, Sendable, Equatable {
    /// Test cases, each counted once.
    public var total: Int = 0
    /// Test cases whose final attempt passed (including expected failures).
    public var passed: Int = 0
    /// Test cases whose final attempt failed.
    public var failed: Int = 0
    /// Test cases that were skipped.
    public var skipped: Int = 0
    /// Test cases that failed, then passed on a retry.
    public var flaky: Int = 0
    /// Test cases that ran more than once.
    public var retried: Int = 0
    /// Sum of all attempts' durations, in seconds.
    public var durationSeconds: Double = 0
    /// The failed test cases, in the order they were read.
    public var failures: [TestFailure] = []
    /// Every test case, in the order first read, when the source lists them (the history behind
    /// flaky, slowest and regressed tests); empty when a client sends counts only.
    public var cases: [TestCaseResult] = []
    /// What the parsers could not read (a file that is not a test report, a cut-off document,
    /// a test case without a result), one sentence each, so nothing is dropped silently.
    public var warnings: [String] = []

    private enum CodingKeys: String, CodingKey {
        case total, passed, failed, skipped, flaky, retried, durationSeconds, failures, cases, warnings
    }

    /// Decodes a summary; counts other than `total` default to zero, the lists to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        passed = try container.decodeIfPresent(Int.self, forKey: .passed) ?? 0
        failed = try container.decodeIfPresent(Int.self, forKey: .failed) ?? 0
        skipped = try container.decodeIfPresent(Int.self, forKey: .skipped) ?? 0
        flaky = try container.decodeIfPresent(Int.self, forKey: .flaky) ?? 0
        retried = try container.decodeIfPresent(Int.self, forKey: .retried) ?? 0
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds) ?? 0
        failures = try container.decodeIfPresent([TestFailure].self, forKey: .failures) ?? []
        cases = try container.decodeIfPresent([TestCaseResult].self, forKey: .cases) ?? []
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }
}

/// One failed test case.
@MemberwiseInit(.public)
public struct TestFailure: Codable, Sendable, Equatable, Hashable {
    /// The suite or class (`com.acme.LoginTest`, `LoginTests`, a Swift Testing suite name).
    public var suite: String
    /// The test's name.
    public var name: String
    /// The first failure message, when the source has one.
    public var message: String?
}
