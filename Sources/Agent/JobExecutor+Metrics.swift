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

    /// Test summaries of the step's artifact files that look like test results.
    private func testResults(_ assignment: JobAssignment, workspace: String) -> [TestSummary] {
        guard !assignment.spec.artifacts.isEmpty else { return [] }
        let files = ArtifactCollector.matches(assignment.spec.artifacts, in: workspace)
            .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".xcresult.json") }
            .prefix(Self.maxTestFiles)
        return files.compactMap { file in
            let path = workspace + "/" + file
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= Self.maxTestFileBytes,
                  let data = FileManager.default.contents(atPath: path) else { return nil }
            return BuildOutputParser.parse(data, fileName: file).tests
        }
    }

    /// Several summaries as one (counts and durations added, failures concatenated).
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
        }
        total.failures = Array(total.failures.prefix(BuildReport.Limits.maxTestFailures))
        total.durationSeconds = min(total.durationSeconds, BuildReport.Limits.maxDurationSeconds)
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
