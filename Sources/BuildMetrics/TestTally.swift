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
        var message: String?
    }

    private var cases: [Case] = []
    private var index: [String: Int] = [:]

    /// Whether any attempt was recorded.
    var isEmpty: Bool { cases.isEmpty }

    // MARK: Recording

    /// Records one attempt; a later attempt of the same suite + name is a retry.
    mutating func record(suite: String, name: String, outcome: TestAttemptOutcome, seconds: Double?, message: String? = nil) {
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
        if let seconds, seconds.isFinite, seconds >= 0 { cases[position].duration += seconds }
    }

    /// Marks the last attempt of a test case as flaky-passed (surefire's `flakyFailure`).
    mutating func markFailedEarlier(suite: String, name: String) {
        guard let position = index[suite + "\u{0}" + name] else { return }
        cases[position].everFailed = true
        cases[position].attempts = max(cases[position].attempts, 2)
    }

    // MARK: Summary

    /// The counts, in the order test cases were first seen.
    func summary() -> TestSummary {
        var summary = TestSummary()
        for item in cases {
            summary.total += 1
            summary.durationSeconds += item.duration
            if item.attempts > 1 { summary.retried += 1 }
            switch item.final {
            case .passed:
                summary.passed += 1
                if item.everFailed { summary.flaky += 1 }
            case .skipped:
                summary.skipped += 1
            case .failed:
                summary.failed += 1
                summary.failures.append(TestFailure(suite: item.suite, name: item.name, message: item.message))
            }
        }
        summary.durationSeconds = (summary.durationSeconds * 1_000_000).rounded() / 1_000_000
        return summary
    }
}
