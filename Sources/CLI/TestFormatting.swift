import BuildMetrics
import Foundation

/// How test results look in the terminal.
enum TestFormatting {
    /// `0.25s`, `12.3s`, `2m 05s`: tests are often far below a second.
    static func seconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        if value < 10 { return String(format: "%.2fs", value) }
        if value < 60 { return String(format: "%.1fs", value) }
        return MetricsFormatting.seconds(value)
    }

    /// `4 tests: 2 passed, 1 failed, 1 skipped, 1 flaky in 1.23s`.
    static func totals(_ totals: BuildTestsView.Totals) -> String {
        var parts = ["\(totals.passed) passed", "\(totals.failed) failed", "\(totals.skipped) skipped"]
        if totals.flaky > 0 { parts.append("\(totals.flaky) flaky") }
        return "\(totals.total) test\(totals.total == 1 ? "" : "s"): " + parts.joined(separator: ", ") + " in \(seconds(totals.durationSeconds))"
    }

    /// Every job's tests, failed first; `listAll` prints passed and skipped tests too, and the
    /// jobs that reported none (without it they are noise: most steps run no tests).
    static func print(_ results: BuildTestsView, listAll: Bool) {
        Swift.print("Tests of build \(results.buildID): \(totals(results.totals))")
        for job in results.jobs where listAll || job.totals != nil || !job.warnings.isEmpty {
            let retried = job.supersededBy.map { ", retried as job \($0)" } ?? ""
            let header = "Job \(job.jobID)  \(job.label) (attempt \(job.attempt), \(job.state)\(retried))"
            guard let jobTotals = job.totals else {
                Swift.print("\n\(header): no test results")
                printWarnings(job.warnings)
                continue
            }
            Swift.print("\n\(header): \(totals(jobTotals))")
            for test in job.tests where listAll || test.outcome == .failed || test.outcome == .flaky {
                printTest(test)
            }
            printWarnings(job.warnings)
        }
    }

    /// One test line, with its place and message under it when it failed.
    static func printTest(_ test: TestCaseResult) {
        let label = switch test.outcome {
        case .failed: "FAILED "
        case .flaky: "FLAKY  "
        case .skipped: "skipped"
        case .passed: "passed "
        }
        let name = test.suite.isEmpty ? test.name : "\(test.suite).\(test.name)"
        let place = test.file.map { file in "  " + file + (test.line.map { ":\($0)" } ?? "") } ?? ""
        let attempts = test.attempts > 1 ? "  (\(test.attempts) attempts)" : ""
        Swift.print("  \(label)  \(name)  \(seconds(test.durationSeconds))\(attempts)\(place)")
        if test.outcome == .failed || test.outcome == .flaky, let message = test.message {
            Swift.print("           \(message.split(whereSeparator: \.isNewline).first ?? "")")
        }
    }

    private static func printWarnings(_ warnings: [String]) {
        for warning in warnings { Swift.print("  warning: \(warning)") }
    }
}
