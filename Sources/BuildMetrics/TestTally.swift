import Foundation

/// The result of one attempt at a test case.
enum TestAttemptOutcome: Sendable, Equatable {
    case passed, failed, skipped
}

/// Counts test attempts into a ``TestSummary`` under the rules documented there: one count per
/// test case (suite + name), the final attempt decides, a fail-then-pass is flaky.
struct TestTally {
    private struct Case {
        var suite: String
        var name: String
        var attempts = 0
        var final: TestAttemptOutcome = .passed
        var everFailed = false
        var duration = 0.0
        var timed = false
        var message: String?
        var file: String?
        var line: Int?
    }

    private var cases: [Case] = []
    private var index: [String: Int] = [:]

    /// Whether any attempt was recorded.
    var isEmpty: Bool { cases.isEmpty }

    // MARK: Recording

    /// Records one attempt; a later attempt of the same suite + name is a retry.
    mutating func record(
        suite: String, name: String, outcome: TestAttemptOutcome, seconds: Double?, message: String? = nil, file: String? = nil, line: Int? = nil
    ) {
        let key = suite + "\u{0}" + name
        let position: Int
        if let existing = index[key] {
            position = existing
        } else {
            position = cases.count
            index[key] = position
            cases.append(Case(suite: suite, name: name))
        }
        cases[position].attempts += 1
        cases[position].final = outcome
        if outcome == .failed {
            cases[position].everFailed = true
            if let message, !message.isEmpty { cases[position].message = message }
        }
        // The last attempt that names a place wins: a retry's failure is the one to look at.
        if let file, !file.isEmpty {
            cases[position].file = file
            cases[position].line = line
        }
        if let seconds, seconds.isFinite, seconds >= 0 {
            cases[position].duration += seconds
            cases[position].timed = true
        }
    }

    /// Marks the last attempt of a test case as flaky-passed (surefire's `flakyFailure`).
    mutating func markFailedEarlier(suite: String, name: String) {
        guard let position = index[suite + "\u{0}" + name] else { return }
        cases[position].everFailed = true
        cases[position].attempts = max(cases[position].attempts, 2)
    }

    // MARK: Summary

    /// The counts and every test case, in the order test cases were first seen.
    func summary() -> TestSummary {
        var summary = TestSummary()
        for item in cases {
            summary.total += 1
            summary.durationSeconds += item.duration
            if item.attempts > 1 { summary.retried += 1 }
            let outcome: TestCaseOutcome
            switch item.final {
            case .passed:
                summary.passed += 1
                if item.everFailed { summary.flaky += 1 }
                outcome = item.everFailed ? .flaky : .passed
            case .skipped:
                summary.skipped += 1
                outcome = .skipped
            case .failed:
                summary.failed += 1
                summary.failures.append(TestFailure(suite: item.suite, name: item.name, message: item.message))
                outcome = .failed
            }
            summary.cases.append(TestCaseResult(
                suite: item.suite, name: item.name, outcome: outcome, attempts: max(item.attempts, 1),
                durationSeconds: item.timed ? (item.duration * 1_000_000).rounded() / 1_000_000 : nil,
                message: item.everFailed ? item.message : nil, file: item.file, line: item.line))
        }
        summary.durationSeconds = (summary.durationSeconds * 1_000_000).rounded() / 1_000_000
        return summary
    }
}
