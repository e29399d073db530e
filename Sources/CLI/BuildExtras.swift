import Core
import Foundation

/// What `GET /api/v1/builds/{id}` says beyond `Core.Build`: the build's queue, run and total
/// seconds, and the name of the agent that holds or held each job.
struct BuildExtras: Decodable {
    /// `times`: as the metrics, dashboard and Prometheus count them (so far, while it runs).
    struct Times: Decodable {
        var queueSeconds: Double
        var runSeconds: Double
        var totalSeconds: Double
    }

    /// A job's `agentName`.
    struct JobAgent: Decodable {
        var id: Int64
        var agentName: String?
    }

    var times: Times?
    var jobs: [JobAgent]?

    /// Nothing beyond the build (an answer without the fields).
    static let empty = BuildExtras(times: nil, jobs: nil)

    /// The extras of a build answer; none when it has none (an older server).
    static func read(_ body: [UInt8]) -> BuildExtras {
        let decoder = JSONDecoder()
        return (try? decoder.decode(BuildExtras.self, from: Data(body))) ?? .empty
    }

    /// The job's agent by name, else by id, else nil when no agent took it.
    func agentName(of job: Job) -> String? {
        jobs?.first { $0.id == job.id }?.agentName ?? job.agentID.map { "agent \($0)" }
    }
}
