import BuildMetrics
import Foundation
import MemberwiseInit

extension BuildTestResults {
    /// What a job's stored report holds about its tests, as a backend reads it: the summary's
    /// counts and failure list, and the run's warnings and id (to read its cases by).
    @MemberwiseInit(.package)
    package struct StoredReport {
        /// The summary's counts; nil when the report had no tests.
        package var totals: TestTotals?
        /// The summary's failure list (JSON), when there is a summary.
        package var failures: String?
        /// The run's parser warnings (JSON), when cases or warnings were kept.
        package var warnings: String?
        /// The run (report) id, when cases or warnings were kept.
        package var runID: Int64?
    }

    /// One job as the build's test page lists it, before its report is added.
    @MemberwiseInit(.package)
    package struct Job {
        /// The job.
        package var id: Int64
        /// The pipeline step's key.
        package var stepKey: String
        /// What people see.
        package var label: String
        /// 1 for the first run; a retried job counts up.
        package var attempt: Int
        /// The job's state.
        package var state: String
        /// The job that retried this one.
        package var supersededBy: Int64?
    }

    /// The build's results from its jobs (in step order) and what each job's report holds:
    /// `report(job)` gives the job's stored report, `cases(run)` that run's cases as listed
    /// (failed first, then flaky, skipped and passed, each in report order; only failed ones
    /// when the page asks for failures only).
    ///
    /// Totals sum the current jobs only: a retried job's earlier attempts are listed, not added,
    /// or a test that failed and then passed on a retried job would count twice.
    package init(buildID: Int64, jobs: [Job], report: (Int64) -> StoredReport?, cases: (Int64) -> [TestCaseResult]) {
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
