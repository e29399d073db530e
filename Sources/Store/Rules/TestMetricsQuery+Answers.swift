import Foundation

/// How a test-metrics query is answered, apart from the SQL: its windows as instants, its
/// bounds, and the answers' values from the figures a backend read.
extension TestMetricsQuery {
    /// The windows a test-metrics query reads, as instants: whole UTC days as the build metrics
    /// count them (``MetricsCalendar``).
    package struct Windows {
        /// The current window, as answered (it ends now).
        package var current: MetricsWindow
        /// The window before it, as long.
        package var previous: MetricsWindow
        /// Where reading the current window stops: midnight after today, not now, so a report
        /// dated a little later today (a sender's clock running ahead) is in.
        package var currentEnd: Date
    }

    /// The query's windows at `now`.
    package func windows(now: Date) -> Windows {
        let (current, previous) = MetricsCalendar.windows(MetricsQuery(days: days), now: now)
        return Windows(
            current: MetricsCalendar.window(current, now: now), previous: MetricsCalendar.window(previous, now: now),
            currentEnd: MetricsCalendar.date(ofDay: current.upperBound + 1))
    }

    /// Most tests listed, within 1…500 whatever was asked (the API checks the range; the store
    /// still bounds what one answer reads).
    package var boundedLimit: Int { min(max(limit, 1), 500) }

    /// Fewest timed runs per window, at least one (a median of nothing is no median).
    package var boundedMinRuns: Int { max(minRuns, 1) }

    /// The regressed-tests answer around its tests, echoing the thresholds it used.
    package func regressedReport(_ windows: Windows, tests: [RegressedTest]) -> RegressedTestsReport {
        RegressedTestsReport(
            window: windows.current, previousWindow: windows.previous, minRuns: boundedMinRuns, minChangePercent: minChangePercent,
            minChangeSeconds: minChangeSeconds, tests: tests)
    }

    /// One flaky test from its figures over the window: the flip rate is flips per attempt
    /// that ran (skipped runs are no attempt).
    package func flakyTest(
        _ test: TestIdentity, attempts: Int, flips: Int, failures: Int, flakyCommits: Int, lastSeenAt: Date?, runs: [TestRunReference],
        in windows: Windows
    ) -> FlakyTest {
        FlakyTest(
            test: test, attempts: attempts, flips: flips, flipRate: Double(flips) / Double(max(attempts, 1)), failures: failures,
            flakyCommits: flakyCommits, lastSeenAt: lastSeenAt ?? windows.current.start, runs: runs)
    }
}
