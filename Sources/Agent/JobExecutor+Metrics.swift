import BuildMetrics
import Core
import Foundation
import Logging

// MARK: - The job's build report

extension JobExecutor {
    /// Test-result files parsed per job at most, and the largest parsed.
    static let maxTestFiles = 50
    static let maxTestFileBytes = 64 * 1024 * 1024

    /// The job's build report: command wall times as steps, the tasks and tests the parsers
    /// read from the output, and test-result files among the step's artifacts (`*.xml` JUnit,
    /// `*.xcresult.json`). The server replaces repository, branch, pipeline and queue time
    /// with what it knows.
    func metricsReport(
        _ assignment: JobAssignment, outcome: JobOutcome, parsed: [ParseResult], workspace: String, startedAt: Date, finishedAt: Date
    ) -> BuildReport {
        let tags = configuration.tags
        let dimensions = BuildDimensions(
            repository: assignment.repository?.name ?? "unknown", branch: assignment.repository?.branch, pipeline: assignment.pipeline,
            platform: tags["platform"].flatMap { Platform(rawValue: $0.lowercased()) }, machine: configuration.name,
            xcodeVersion: tags["xcode"], gradleVersion: tags["gradle"], environment: .ci)
        let result: BuildOutcome = switch outcome.state {
        case .passed: .success
        case .canceled, .lost: .canceled
        default: .failure
        }
        let commands = assignment.spec.commands
        let steps = outcome.commandDurations.enumerated().prefix(BuildReport.Limits.maxSteps).map { index, seconds in
            let name = index < commands.count ? String(commands[index].prefix(200)) : "command \(index + 1)"
            let failed = index == outcome.commandDurations.count - 1 && outcome.state != .passed
            let blank = name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            return StepRecord(
                name: blank ? "command \(index + 1)" : name, durationSeconds: min(max(0, seconds), BuildReport.Limits.maxDurationSeconds),
                outcome: failed ? .failure : .success)
        }
        var tests = parsed.compactMap(\.tests)
        tests += testResults(assignment, workspace: workspace)
        return BuildReport(
            dimensions: dimensions, startedAt: startedAt, finishedAt: finishedAt,
            durationSeconds: max(0, finishedAt.timeIntervalSince(startedAt)), outcome: result, steps: Array(steps),
            tasks: Array(parsed.flatMap(\.tasks).prefix(BuildReport.Limits.maxTasks)), tests: Self.merge(tests))
    }

    /// Test summaries of the step's artifact files that look like test results. A file that
    /// cannot be read, is too large, or parses with problems is named in a summary's warnings.
    private func testResults(_ assignment: JobAssignment, workspace: String) -> [TestSummary] {
        guard !assignment.spec.artifacts.isEmpty else { return [] }
        let matches = ArtifactCollector.matches(assignment.spec.artifacts, in: workspace)
            .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".xcresult.json") }
        var summaries: [TestSummary] = []
        var skipped: [String] = []
        if matches.count > Self.maxTestFiles {
            skipped.append("\(matches.count - Self.maxTestFiles) more test-result files were not read (at most \(Self.maxTestFiles) per job)")
        }
        for file in matches.prefix(Self.maxTestFiles) {
            let path = workspace + "/" + file
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
                skipped.append("\(file): could not be read")
                continue
            }
            guard size <= Self.maxTestFileBytes else {
                skipped.append("\(file): \(size) bytes, more than the \(Self.maxTestFileBytes) read; not parsed")
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                skipped.append("\(file): could not be read")
                continue
            }
            let parsed = BuildOutputParser.parse(data, fileName: file)
            var tests = parsed.tests ?? TestSummary()
            tests.warnings = parsed.warnings.map { "\(file): \($0)" }
            if parsed.tests == nil, tests.warnings.isEmpty { tests.warnings = ["\(file): no test results found"] }
            summaries.append(tests)
        }
        if !skipped.isEmpty { summaries.append(TestSummary(warnings: skipped)) }
        return summaries
    }

    /// Several summaries as one (counts and durations added, lists concatenated and capped;
    /// what the caps leave out is said in the warnings).
    static func merge(_ summaries: [TestSummary]) -> TestSummary? {
        guard var total = summaries.first else { return nil }
        for summary in summaries.dropFirst() {
            total.total += summary.total
            total.passed += summary.passed
            total.failed += summary.failed
            total.skipped += summary.skipped
            total.flaky += summary.flaky
            total.retried += summary.retried
            total.durationSeconds += summary.durationSeconds
            total.failures += summary.failures
            total.cases += summary.cases
            total.warnings += summary.warnings
        }
        typealias Limits = BuildReport.Limits
        if total.cases.count > Limits.maxTestCases {
            total.warnings.append("\(total.cases.count - Limits.maxTestCases) test cases past the first \(Limits.maxTestCases) are counted but not listed")
            total.cases = Array(total.cases.prefix(Limits.maxTestCases))
        }
        total.failures = Array(total.failures.prefix(Limits.maxTestFailures))
        // Characters, not bytes: 1,000 characters stay within every byte limit the server checks.
        total.warnings = total.warnings.prefix(Limits.maxTestWarnings).map { String($0.prefix(1_000)) }
        total.cases = total.cases.map { test in
            var test = test
            test.suite = String(test.suite.prefix(1_000))
            test.name = String(test.name.prefix(1_000))
            test.file = test.file.map { String($0.prefix(1_000)) }
            return test
        }
        total.durationSeconds = min(total.durationSeconds, Limits.maxDurationSeconds)
        return total
    }

    /// Posts the report; a failure is logged and never changes the job's outcome.
    func postMetrics(_ report: BuildReport, jobID: Int64, token: String, logger: Logger) async {
        do {
            try await withRetries(attempts: 3) { () async throws(AgentAPIError) in
                try await api.postMetrics(jobID: jobID, report: report, token: token)
            }
        } catch {
            logger.warning("build metrics not reported: \(error)")
        }
    }
}
