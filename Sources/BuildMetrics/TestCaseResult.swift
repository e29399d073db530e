import Foundation
import MemberwiseInit

/// How one test case ended in one report.
public enum TestCaseOutcome: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// Its final attempt passed and no earlier attempt failed (an expected failure passes).
    case passed
    /// Its final attempt failed.
    case failed
    /// It did not run.
    case skipped
    /// It failed, then passed on a retry in the same report.
    case flaky
}

/// One test case of a report, each counted once (see ``TestSummary``): the per-test row behind
/// `GET /api/v1/builds/{id}/tests` and the test history (flaky, slowest and regressed tests).
@MemberwiseInit(.public)
public struct TestCaseResult: Codable, Sendable, Equatable, Hashable {
    /// The suite or class (`com.acme.LoginTest`, `LoginTests`).
    public var suite: String
    /// The test's name.
    public var name: String
    /// How it ended.
    public var outcome: TestCaseOutcome
    /// How many times it ran (retries included); at least 1.
    public var attempts: Int = 1
    /// The sum of its attempts' durations in seconds, when the report has them.
    public var durationSeconds: Double?
    /// The first failure message, for a failed or flaky test.
    public var message: String?
    /// The source file the report points at (an attribute, or the failure's `file:line`).
    public var file: String?
    /// The 1-based line in ``file``.
    public var line: Int?

    private enum CodingKeys: String, CodingKey {
        case suite, name, outcome, attempts, durationSeconds, message, file, line
    }

    /// Decodes a result; `suite` defaults to empty and `attempts` to 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        suite = try container.decodeIfPresent(String.self, forKey: .suite) ?? ""
        name = try container.decode(String.self, forKey: .name)
        outcome = try container.decode(TestCaseOutcome.self, forKey: .outcome)
        attempts = try container.decodeIfPresent(Int.self, forKey: .attempts) ?? 1
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
    }
}
