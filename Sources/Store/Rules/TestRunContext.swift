import BuildMetrics
import Core
import Foundation

/// The run a report's test cases belong to: its repository and commit, and the MobileOps
/// build and job when an agent sent it. Flips are looked for among the other runs of the same
/// commit, so which commit a run is of is decided here, the same way for both backends.
package struct TestRunContext {
    /// The report's repository.
    package var repository: String
    /// The commit tested; nil when unknown (a flip needs two runs of one known commit).
    package var commitSHA: String?
    /// The MobileOps build, for a job's report.
    package var ciBuildID: Int64?
    /// Its number in the repository.
    package var buildNumber: Int?
    /// Its pipeline (the report's, for reports from another CI).
    package var pipeline: String?
    /// The job, for a job's report.
    package var jobID: Int64?

    /// The context a report gives by itself: another CI's report names its own commit.
    package init(report: BuildReport) {
        repository = report.dimensions.repository
        commitSHA = Self.commit(report.commit)
        pipeline = report.dimensions.pipeline
    }

    /// The server's facts override the report's for a job's report: its build, number,
    /// pipeline and commit as the server knows them.
    package mutating func use(jobID: Int64, buildID: Int64, buildNumber: Int, pipeline: String, commitSHA: String) {
        self.jobID = jobID
        ciBuildID = buildID
        self.buildNumber = buildNumber
        self.pipeline = pipeline
        // A branch name is not a commit: two builds of `main` are not the same code.
        self.commitSHA = CommitReference.isObjectName(commitSHA) ? Self.commit(commitSHA) : nil
    }

    /// A blank commit is no commit.
    private static func commit(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }

    /// Where a flaky test is shown: the build page, or (a report from another CI has only the
    /// list) the flaky-tests list.
    package var url: String { ciBuildID.map { "/builds/\($0)" } ?? "/api/v1/metrics/tests/flaky" }

    /// `pipeline x, build #n`, as much of it as is known; empty for another CI's report without
    /// a pipeline.
    package var place: String {
        [pipeline.map { "pipeline \($0)" }, buildNumber.map { "build #\($0)" }].compactMap(\.self).joined(separator: ", ")
    }
}
