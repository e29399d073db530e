import Core
import Foundation

/// `builds logs --follow` for one job: prints its log as it grows until the job ends, says why
/// it waits while it waits, and goes on with its retry when it ends superseded.
struct JobLogFollower {
    let client: APIClient
    /// Time between two looks at the job.
    var interval: Duration = .seconds(1)

    /// Follows `job` (and its retries) to the end.
    func follow(_ job: Job) async throws(CLIError) {
        var current = job
        var printed = 0
        var notice: String?
        while true {
            printed = try await printNew(of: current.id, after: printed)
            let (latest, _) = try await client.get("/api/v1/jobs/\(current.id)", as: Job.self)
            if latest.state.isFinished {
                // One last read for chunks that arrived with the finish.
                _ = try await printNew(of: latest.id, after: printed)
                guard let retry = latest.supersededBy else { return }
                Output.notice("── job \(latest.id) \(latest.label) ended \(latest.state.rawValue); following its retry, job \(retry)")
                let (next, _) = try await client.get("/api/v1/jobs/\(retry)", as: Job.self)
                (current, printed, notice) = (next, 0, nil)
                continue
            }
            // Only a change is printed: the same reason every second would bury the log.
            if let waiting = Self.waiting(latest), waiting != notice {
                Output.notice("── job \(latest.id) \(latest.label) waits: \(waiting)")
                notice = waiting
            }
            try? await Task.sleep(for: interval)
        }
    }

    /// Why a job that has not started yet waits, or nil once it runs.
    static func waiting(_ job: Job) -> String? {
        switch job.state {
        case .pending: job.pendingReason ?? "queued for an agent"
        case .assigned: "handed to agent \(job.agentID.map(String.init) ?? "?"), which has not started it yet"
        default: nil
        }
    }

    /// Prints the log's bytes after the first `printed`; answers the new length.
    private func printNew(of jobID: Int64, after printed: Int) async throws(CLIError) -> Int {
        let log = try await client.getRaw("/api/v1/jobs/\(jobID)/log")
        guard log.count > printed else { return printed }
        Output.raw(log[printed...])
        return log.count
    }
}
