import Core
import Foundation

/// How builds and jobs look in the terminal.
enum BuildFormatting {
    /// The columns of `builds list`.
    static let listHeader = ["ID", "#", "REPOSITORY", "PIPELINE", "STATE", "TRIGGER", "BRANCH", "PR", "COMMIT", "DURATION", "CREATED"]

    /// One row of `builds list`; `repositories` names repository ids.
    static func row(_ build: Build, repositories: [Int64: String]) -> [String] {
        [
            "\(build.id)", "\(build.number)", build.repositoryID.map { repositories[$0] ?? "#\($0)" } ?? "-", build.pipeline,
            build.state.rawValue, build.trigger, build.branch ?? build.tag ?? "-", build.pullRequest.map(String.init) ?? "-",
            commit(of: build).map { String($0.prefix(10)) } ?? "-", duration(of: build), Output.time(build.createdAt),
        ]
    }

    /// The commit built, or nil while a branch build has not been checked out yet: until an
    /// agent resolves it, a manual build's commit is its branch's name.
    static func commit(of build: Build) -> String? {
        build.commitSHA == build.branch || build.commitSHA == build.tag ? nil : build.commitSHA
    }

    /// Created to finished, for a finished build.
    static func duration(of build: Build) -> String {
        guard let finished = build.finishedAt else { return "-" }
        return MetricsFormatting.seconds(finished.timeIntervalSince(build.createdAt))
    }

    /// `builds show`: a header, then one line per job with its state or pending reason.
    /// `failure` explains a failed job that has no exit status (see ``jobRow(_:agent:failure:)``).
    static func printDetail(_ build: Build, extras: BuildExtras, failure: String?) {
        print("Build \(build.id)  \(build.pipeline) #\(build.number)  \(build.state.rawValue)")
        let pullRequest = build.pullRequest.map { " (PR \($0))" } ?? ""
        print("  \(build.trigger) of \(build.branch ?? build.tag ?? "-")" + (commit(of: build).map { " at \($0)" } ?? "") + pullRequest)
        if let message = build.message { print("  \(message.split(separator: "\n").first ?? "")") }
        if let reason = build.cancelReason { print("  canceled: \(reason)") }
        if let times = extras.times {
            let soFar = build.state.isFinished ? "" : " so far"
            // A build no job of which started has only waited.
            let ran = build.startedAt == nil ? "" : ", ran \(MetricsFormatting.seconds(times.runSeconds))"
            print("  queued \(MetricsFormatting.seconds(times.queueSeconds))\(ran), total \(MetricsFormatting.seconds(times.totalSeconds))\(soFar)")
        }
        print("")
        Output.table(jobHeader, (build.jobs ?? []).map { job in
            jobRow(job, agent: extras.agentName(of: job), failure: failure)
        })
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

    /// The columns of a build's job table (`builds show`, `builds watch`).
    static let jobHeader = ["JOB", "STEP", "STATE", "ATTEMPT", "AGENT", "TIME", "DETAIL"]

    /// One job line: its agent by name, how long it ran, and why it waits or how it ended.
    static func jobRow(_ job: Job, agent: String?, failure: String?) -> [String] {
        let time = job.startedAt.flatMap { started in job.finishedAt.map { MetricsFormatting.seconds($0.timeIntervalSince(started)) } } ?? "-"
        return ["\(job.id)", job.label, job.state.rawValue, "\(job.attempt)", agent ?? "-", time, detail(of: job, failure: failure)]
    }

    /// Why a job waits, or how it ended. A failed job without an exit status failed before or
    /// after its commands (dependency rules, new findings, the checkout): `failure` says which
    /// when the caller knows, else the job's log does.
    static func detail(of job: Job, failure: String?) -> String {
        var parts: [String] = []
        switch job.state {
        case .pending: parts.append(job.pendingReason ?? "queued")
        case .assigned: parts.append("handed to its agent, which has not started it yet")
        case .lost: parts.append("its agent stopped answering")
        case .timedOut: parts.append("ran past its timeout")
        case .failed where job.exitStatus == nil: parts.append(failure ?? "no command failed: see its log")
        case .running, .passed, .failed, .canceled: break
        }
        if let exit = job.exitStatus, job.state.isFinished { parts.append("exit \(exit)") }
        if let next = job.supersededBy { parts.append("retried as job \(next)") }
        return parts.joined(separator: "; ")
    }

    /// Percent-encodes a query value.
    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? value
    }
}
