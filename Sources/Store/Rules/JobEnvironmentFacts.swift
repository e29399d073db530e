import MemberwiseInit

/// What a job is told about itself and its build, and how its environment is composed: the
/// build's variables, then the step's (which win), then these fixed `MOBILE_OPS_*` facts
/// (which nobody can override). Every store backend hands out jobs with the same environment.
@MemberwiseInit(.package)
package struct JobEnvironmentFacts: Equatable {
    package var buildID: Int64
    package var buildNumber: Int
    package var commitSHA: String
    package var pipeline: String
    package var branch: String?
    package var tag: String?
    package var pullRequest: Int?
    package var jobID: Int64
    package var attempt: Int
    package var shardIndex: Int
    package var shardCount: Int

    /// The job's whole environment.
    package func environment(build buildVariables: [String: String], step stepVariables: [String: String]) -> [String: String] {
        buildVariables.merging(stepVariables) { _, step in step }.merging(self.fixedVariables) { _, fixed in fixed }
    }

    /// The `MOBILE_OPS_*` variables.
    package var fixedVariables: [String: String] {
        var variables = [
            "MOBILE_OPS_BUILD_ID": "\(self.buildID)",
            "MOBILE_OPS_BUILD_NUMBER": "\(self.buildNumber)",
            "MOBILE_OPS_COMMIT": self.commitSHA,
            "MOBILE_OPS_PIPELINE": self.pipeline,
            "MOBILE_OPS_JOB_ID": "\(self.jobID)",
            "MOBILE_OPS_ATTEMPT": "\(self.attempt)",
            "MOBILE_OPS_SHARD_INDEX": "\(self.shardIndex)",
            "MOBILE_OPS_SHARD_COUNT": "\(self.shardCount)",
        ]
        if let branch = self.branch { variables["MOBILE_OPS_BRANCH"] = branch }
        if let tag = self.tag { variables["MOBILE_OPS_TAG"] = tag }
        if let pullRequest = self.pullRequest { variables["MOBILE_OPS_PULL_REQUEST"] = "\(pullRequest)" }
        return variables
    }
}
