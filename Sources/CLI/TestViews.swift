import BuildMetrics
import Foundation

// MARK: - What the CLI reads of the test answers

/// `GET /api/v1/builds/{id}/tests`.
struct BuildTestsView: Decodable {
    struct Totals: Decodable {
        var total: Int
        var passed: Int
        var failed: Int
        var skipped: Int
        var flaky: Int
        var durationSeconds: Double
    }
    struct Job: Decodable {
        var jobID: Int64
        var label: String
        var attempt: Int
        var state: String
        var supersededBy: Int64?
        var totals: Totals?
        var tests: [TestCaseResult]
        var warnings: [String]
    }
    var buildID: Int64
    var totals: Totals
    var jobs: [Job]
}

/// A test as the metrics answers name it, and where it ran.
struct TestIdentityView: Decodable {
    var repository: String
    var suite: String
    var name: String
    /// `Suite.name`, or the name alone.
    var display: String { suite.isEmpty ? name : "\(suite).\(name)" }
}

/// A run: a MobileOps build (by id and number), or a stored report.
struct TestRunView: Decodable {
    var buildID: Int64?
    var buildNumber: Int?
    var reportID: Int64
    var commit: String?
    /// `build 12` or `report 40`.
    var display: String { buildID.map { "build \($0)" } ?? "report \(reportID)" }
}

/// `GET /api/v1/metrics/tests/flaky`.
struct FlakyTestsView: Decodable {
    struct Test: Decodable {
        var test: TestIdentityView
        var attempts: Int
        var flips: Int
        var flipRate: Double
        var failures: Int
        var flakyCommits: Int
        var lastSeenAt: Date
        var runs: [TestRunView]
    }
    var tests: [Test]
}

/// `GET /api/v1/metrics/tests/slowest`.
struct SlowestTestsView: Decodable {
    struct Test: Decodable {
        var test: TestIdentityView
        var runs: Int
        var p50Seconds: Double
        var p90Seconds: Double
        var maxSeconds: Double
        var lastSeenAt: Date
        var slowestRun: TestRunView
    }
    var tests: [Test]
}

/// `GET /api/v1/metrics/tests/regressed`.
struct RegressedTestsView: Decodable {
    struct Test: Decodable {
        var test: TestIdentityView
        var previousP50Seconds: Double
        var p50Seconds: Double
        var changePercent: Double
        var previousRuns: Int
        var runs: Int
        var lastSeenAt: Date
        var slowestRun: TestRunView
    }
    var minRuns: Int
    var minChangePercent: Double
    var minChangeSeconds: Double
    var tests: [RegressedTestsView.Test]
}
