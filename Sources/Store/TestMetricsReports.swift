import Foundation
import MemberwiseInit

// MARK: - Test metrics answers

/// A test by repository, suite and name.
@MemberwiseInit(.package)
public struct TestIdentity: Codable, Sendable, Equatable, Hashable {
    /// The repository the test belongs to.
    public var repository: String
    /// The suite or class.
    public var suite: String
    /// The test's name.
    public var name: String
}

/// Where a test ran or flipped: a MobileOps build and job, or a report posted by another CI.
@MemberwiseInit(.package)
public struct TestRunReference: Codable, Sendable, Equatable, Hashable {
    /// The MobileOps build, for a job's report.
    public var buildID: Int64?
    /// Its number within the repository.
    public var buildNumber: Int?
    /// The job, for a job's report.
    public var jobID: Int64?
    /// The stored report (`POST /api/v1/metrics/builds` answers this id).
    public var reportID: Int64
    /// The commit, when known.
    public var commit: String?
    /// When the report's run finished.
    public var finishedAt: Date
}

/// `GET /api/v1/metrics/tests/flaky`.
@MemberwiseInit(.package)
public struct FlakyTestsReport: Codable, Sendable, Equatable {
    /// The window read.
    public var window: MetricsWindow
    /// The flakiest tests first.
    public var tests: [FlakyTest]
}

/// A test that failed and passed on the same commit.
public struct FlakyTest: Codable, Sendable, Equatable {
    /// The test.
    public var test: TestIdentity
    /// Attempts in the window (retries included, skipped runs not).
    public var attempts: Int
    /// Attempts whose result differed from the attempt before on the same commit.
    public var flips: Int
    /// `flips / attempts`.
    public var flipRate: Double
    /// Attempts that failed.
    public var failures: Int
    /// Commits on which it both failed and passed.
    public var flakyCommits: Int
    /// When it last flipped.
    public var lastSeenAt: Date
    /// The runs involved in a flip, newest first (at most 10).
    public var runs: [TestRunReference]
}

/// `GET /api/v1/metrics/tests/slowest`.
@MemberwiseInit(.package)
public struct SlowestTestsReport: Codable, Sendable, Equatable {
    /// The window read.
    public var window: MetricsWindow
    /// The slowest first.
    public var tests: [SlowTest]
}

/// A test's durations over the window.
public struct SlowTest: Codable, Sendable, Equatable {
    /// The test.
    public var test: TestIdentity
    /// Timed runs in the window.
    public var runs: Int
    /// Median duration in seconds (nearest rank).
    public var p50Seconds: Double
    /// 90th percentile (nearest rank).
    public var p90Seconds: Double
    /// Longest run.
    public var maxSeconds: Double
    /// When it last ran.
    public var lastSeenAt: Date
    /// The slowest run in the window.
    public var slowestRun: TestRunReference
}

/// `GET /api/v1/metrics/tests/regressed`.
public struct RegressedTestsReport: Codable, Sendable, Equatable {
    /// The window read.
    public var window: MetricsWindow
    /// The window it is compared with: the same number of days just before.
    public var previousWindow: MetricsWindow
    /// The thresholds applied.
    public var minRuns: Int
    /// Smallest growth in percent.
    public var minChangePercent: Double
    /// Smallest growth in seconds.
    public var minChangeSeconds: Double
    /// The largest growth (in seconds) first.
    public var tests: [RegressedTest]
}

/// A test whose median duration grew.
public struct RegressedTest: Codable, Sendable, Equatable {
    /// The test.
    public var test: TestIdentity
    /// Median in the previous window.
    public var previousP50Seconds: Double
    /// Median in the window.
    public var p50Seconds: Double
    /// `(p50 - previous) / previous * 100`.
    public var changePercent: Double
    /// Timed runs in the previous window.
    public var previousRuns: Int
    /// Timed runs in the window.
    public var runs: Int
    /// When it last ran.
    public var lastSeenAt: Date
    /// The slowest run in the window.
    public var slowestRun: TestRunReference
}
