import Core
import Foundation
import MemberwiseInit

/// What `ui_tests:` jobs selected, and how long UI suites take, learnt from finished shards.
public protocol UITestStore: Sendable {
    /// Stores a job's selection report (replacing an earlier one for the job).
    /// - Throws: `StoreError.jobNotHeld` when the agent does not hold the job.
    func recordUITestReport(jobID: Int64, agentID: Int64, report: UITestReport, now: Date) async throws(StoreError)
    /// The reports of a build's jobs, by job id. - Throws: `StoreError.notFound` for an unknown build.
    func uiTestReports(buildID: Int64) async throws(StoreError) -> [JobUITestReport]
}

/// One job's `ui_tests:` report, as listed for its build.
@MemberwiseInit(.package)
public struct JobUITestReport: Codable, Sendable, Equatable {
    /// The job.
    public var jobID: Int64
    /// Its step.
    public var stepKey: String
    /// What the agent decided.
    public var report: UITestReport
}
