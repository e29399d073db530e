import Core
import Store

/// `GET /api/v1/builds/{id}`: the build with its jobs, plus `times` — its queue, run and total
/// seconds as the metrics, dashboard, feed and Prometheus define them (``BuildTimes``), so the
/// build page shows the same figures as every other output — and each job's `agentName`, so
/// people read the agent's name where the job only holds its id.
struct BuildWithTimes: Encodable, Sendable {
    let build: Build
    let times: BuildTimes?
    /// The names of the agents that hold or held the build's jobs, by id.
    let agentNames: [Int64: String]

    private enum Keys: String, CodingKey { case times, jobs }

    /// The build's own keys, with `times` beside them and `agentName` in each job.
    func encode(to encoder: any Encoder) throws {
        var withoutJobs = build
        withoutJobs.jobs = nil
        try withoutJobs.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(times, forKey: .times)
        if let jobs = build.jobs {
            try container.encode(jobs.map { NamedJob(job: $0, agentName: $0.agentID.flatMap { agentNames[$0] }) }, forKey: .jobs)
        }
    }

    /// A job's own keys, with `agentName` when an agent took it (and still exists).
    struct NamedJob: Encodable, Sendable {
        let job: Job
        let agentName: String?

        private enum Keys: String, CodingKey { case agentName }

        func encode(to encoder: any Encoder) throws {
            try job.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(agentName, forKey: .agentName)
        }
    }
}
