import Core
import Foundation

/// How builds and jobs look in the terminal.
enum BuildFormatting {
    /// One row of `builds list`.
    static func row(_ build: Build) -> [String] {
        [
            "\(build.id)", "\(build.number)", build.pipeline, build.state.rawValue, build.trigger,
            build.branch ?? build.tag ?? "-", String(build.commitSHA.prefix(10)), Output.time(build.createdAt),
        ]
    }

    /// `builds show`: a header, then one line per job with its state or pending reason.
    static func printDetail(_ build: Build) {
        print("Build \(build.id)  \(build.pipeline) #\(build.number)  \(build.state.rawValue)")
        print("  \(build.trigger) of \(build.branch ?? build.tag ?? "-") at \(build.commitSHA)")
        if let message = build.message { print("  \(message.split(separator: "\n").first ?? "")") }
        if let reason = build.cancelReason { print("  canceled: \(reason)") }
        print("")
        Output.table(["JOB", "STEP", "STATE", "ATTEMPT", "AGENT", "DETAIL"], (build.jobs ?? []).map(jobRow))
    }

    /// What a cancel did: the build's state after it, and the jobs still stopping.
    ///
    /// Pending jobs end at once; running ones stop at their agent's next heartbeat, so a build
    /// with running jobs is still "running" right after the cancel and must not read as if
    /// nothing happened.
    static func cancelSummary(_ build: Build) -> String {
        if build.state.isFinished { return "Build \(build.id) \(build.state.rawValue)." }
        let stopping = (build.jobs ?? []).filter { $0.state.isActive }.count
        let jobs = stopping == 1 ? "1 running job stops" : "\(stopping) running jobs stop"
        return "Build \(build.id) canceling: \(jobs) at the agent's next heartbeat."
    }

    /// One job line; pending jobs show why they wait.
    static func jobRow(_ job: Job) -> [String] {
        let detail: String
        if job.state == .pending {
            detail = job.pendingReason ?? "queued"
        } else if let exit = job.exitStatus, job.state.isFinished {
            detail = "exit \(exit)"
        } else {
            detail = job.supersededBy.map { "retried as job \($0)" } ?? ""
        }
        return ["\(job.id)", job.label, job.state.rawValue, "\(job.attempt)", job.agentID.map(String.init) ?? "-", detail]
    }

    /// Percent-encodes a query value.
    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? value
    }
}
