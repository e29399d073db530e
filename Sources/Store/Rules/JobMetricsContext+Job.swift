import Core
import Foundation
import MemberwiseInit

extension JobMetricsContext {
    /// The job and build facts a backend reads for ``BuildMetricsStore/jobMetricsContext(jobID:agentID:)``.
    @MemberwiseInit(.package)
    package struct Facts {
        /// The agent holding the job, if any.
        package var holder: Int64?
        /// The job's state as stored.
        package var state: String
        /// When the job was created.
        package var createdAt: Date
        /// When it was given to an agent.
        package var assignedAt: Date?
        /// When the agent started it.
        package var startedAt: Date?
        /// Its build.
        package var buildID: Int64
        /// The build's repository name; nil for builds without one.
        package var repository: String?
        /// The build's branch.
        package var branch: String?
        /// The build's pipeline.
        package var pipeline: String
        /// What started the build (`push`, `pull_request`, `manual`, `schedule`).
        package var trigger: String
    }

    /// The context of a job `agentID` reports metrics for; nil unless that agent holds the job
    /// and it is still active (a finished job's report would rewrite a finished build).
    package init?(_ facts: Facts, agentID: Int64) {
        guard facts.holder == agentID, JobState(rawValue: facts.state)?.isActive == true else { return nil }
        self.init(
            buildID: facts.buildID, repository: facts.repository ?? "unknown", branch: facts.branch, pipeline: facts.pipeline,
            queueSeconds: facts.assignedAt.map { max(0, $0.timeIntervalSince(facts.createdAt)) },
            startedAt: facts.startedAt, waitedOn: Self.isWaitedOn(trigger: facts.trigger))
    }

    /// Whether a developer waits on builds started this way: the people waiting on a build are
    /// those who asked for it, a pull request or a click, and a release manager waits on the
    /// release candidate; pushes and schedules wait on nobody.
    package static func isWaitedOn(trigger: String) -> Bool {
        ["pull_request", "manual", "release"].contains(trigger)
    }
}
