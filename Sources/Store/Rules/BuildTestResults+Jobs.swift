import BuildMetrics
import Foundation

extension BuildTestResults {
    /// What a job's stored report holds about its tests, as a backend reads it: the summary's
    /// counts and failure list, and the run's warnings and id (to read its cases by).
    struct StoredReport {
        /// The summary's counts; nil when the report had no tests.
        var totals: TestTotals?
        /// The summary's failure list (JSON), when there is a summary.
        var failures: String?
        /// The run's parser warnings (JSON), when cases or warnings were kept.
        var warnings: String?
        /// The run (report) id, when cases or warnings were kept.
        var runID: Int64?
    }

    /// One job as the build's test page lists it, before its report is added.
    struct Job {
        /// The job.
        var id: Int64
        /// The pipeline step's key.
        var stepKey: String
        /// What people see.
        var label: String
        /// 1 for the first run; a retried job counts up.
        var attempt: Int
        /// The job's state.
        var state: String
        /// The job that retried this one.
        var supersededBy: Int64?
    }

    /// The build's results from its jobs (in step order) and what each job's report holds:
    /// `report(job)` gives the job's stored report, `cases(run)` that run's cases as listed
    /// (failed first, then flaky, skipped and passed, each in report order; only failed ones
    /// when the page asks for failures only).
    ///
    /// Totals sum the current jobs only: a retried job's earlier attempts are listed, not added,
    /// or a test that failed and then passed on a retried job would count twice.
    init(buildID: Int64, jobs: [Job], report: (Int64) -> StoredReport?, cases: (Int64) -> [TestCaseResult]) {
        self.init(buildID: buildID, totals: TestTotals(), jobs: [])
        for job in jobs {
            var entry = JobTestResults(
                jobID: job.id, stepKey: job.stepKey, label: job.label, attempt: job.attempt, state: job.state,
                supersededBy: job.supersededBy, totals: nil, tests: [], warnings: [])
            if let stored = report(job.id) {
                entry.totals = stored.totals
                if stored.warnings != nil { entry.warnings = MetricBuildRow.decodeList(stored.warnings, as: String.self) }
                if let runID = stored.runID { entry.tests = cases(runID) }
                if entry.tests.isEmpty, stored.failures != nil {
                    // A report with counts and failures but no test cases (another CI's, or an
                    // older one): its failures are all that can be listed.
                    entry.tests = MetricBuildRow.decodeList(stored.failures, as: TestFailure.self).map {
                        TestCaseResult(suite: $0.suite, name: $0.name, outcome: .failed, message: $0.message)
                    }
                }
            }
            if entry.supersededBy == nil, let totals = entry.totals { self.totals.add(totals) }
            self.jobs.append(entry)
        }
    }
}
