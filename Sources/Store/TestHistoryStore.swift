import BuildMetrics
import Foundation
import MemberwiseInit

// MARK: - TestHistoryStore

/// Test results per build and the per-test history behind flaky, slowest and regressed tests
/// (issue 18). Every test case of every stored report is a row of the history; rows are
/// pruned with their report (see ``BuildMetricsStore/pruneBuildReports(finishedBefore:limit:)``).
public protocol TestHistoryStore: Sendable {
    /// The test results of each job of a build, failed tests first; nil when there is no such build.
    /// - Parameter failedOnly: Only failed tests in each job's list (totals are unchanged).
    func buildTests(buildID: Int64, failedOnly: Bool) async throws(StoreError) -> BuildTestResults?
    /// Tests that failed and passed on the same commit in the window, the highest flip rate first.
    func flakyTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> FlakyTestsReport
    /// Tests with the highest median duration in the window.
    func slowestTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> SlowestTestsReport
    /// Tests whose median duration in the window grew past the thresholds of
    /// ``TestMetricsQuery`` compared with the window before, the largest growth first.
    func regressedTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> RegressedTestsReport
}

/// What a test-metrics query covers.
@MemberwiseInit(.public)
public struct TestMetricsQuery: Sendable, Equatable {
    /// Whole UTC days in the window, today included, as in ``MetricsQuery``.
    public var days: Int = 7
    /// Only this repository, when set.
    public var repository: String?
    /// Most tests listed (1…500).
    public var limit: Int = 20
    /// Fewest timed runs in each window for a test's duration to count as regressed.
    public var minRuns: Int = 3
    /// Smallest growth of the median, in percent, that is a regression.
    public var minChangePercent: Double = 20
    /// Smallest growth of the median, in seconds, that is a regression (a 2 ms test taking
    /// 4 ms doubled, and nobody waits on it).
    public var minChangeSeconds: Double = 0.1
}

// MARK: - Build test results

/// `GET /api/v1/builds/{id}/tests`.
public struct BuildTestResults: Codable, Sendable, Equatable {
    /// The build.
    public var buildID: Int64
    /// Sums over the build's current jobs (a retried job's earlier attempts are listed, not added).
    public var totals: TestTotals
    /// Every job of the build, in step order, earlier attempts of a retried job included.
    public var jobs: [JobTestResults]
}

/// One job's test results.
public struct JobTestResults: Codable, Sendable, Equatable {
    /// The job.
    public var jobID: Int64
    /// The pipeline step's key.
    public var stepKey: String
    /// What people see.
    public var label: String
    /// 1 for the first run; a retried job counts up.
    public var attempt: Int
    /// The job's state.
    public var state: String
    /// The job that retried this one, if any.
    public var supersededBy: Int64?
    /// The counts, when the job reported tests; nil when it ran none (or has not finished).
    public var totals: TestTotals?
    /// The job's test cases: failed first, then flaky, skipped and passed, each in report order.
    public var tests: [TestCaseResult]
    /// What the agent's parsers could not read in this job's test reports.
    public var warnings: [String]
}

/// Test counts of a job or build (see ``TestSummary`` for how they are counted).
@MemberwiseInit(.public)
public struct TestTotals: Codable, Sendable, Equatable {
    /// Test cases, each counted once.
    public var total: Int = 0
    /// Passed in the end (flaky ones included).
    public var passed: Int = 0
    /// Failed in the end.
    public var failed: Int = 0
    /// Did not run.
    public var skipped: Int = 0
    /// Failed, then passed on a retry in the same run.
    public var flaky: Int = 0
    /// Ran more than once.
    public var retried: Int = 0
    /// Sum of the attempts' durations, in seconds.
    public var durationSeconds: Double = 0

    /// Adds another job's counts.
    mutating func add(_ other: TestTotals) {
        total += other.total
        passed += other.passed
        failed += other.failed
        skipped += other.skipped
        flaky += other.flaky
        retried += other.retried
        durationSeconds += other.durationSeconds
    }
}
