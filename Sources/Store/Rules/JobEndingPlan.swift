import Core
import MemberwiseInit

// MARK: - JobEndingPlan

/// What ending a job does to the rest of its build: run it again, or release the jobs that
/// waited for it, or cancel the jobs that can never run now.
///
/// Decided here, without SQL, so every store backend applies the same rules: each reads the
/// build's jobs from its own tables, asks for the plan, and writes what it says in the same
/// transaction that ended the job.
package struct JobEndingPlan: Equatable {
    /// Whether the job runs again as a new attempt (its retry policy allows it and nobody
    /// asked to cancel it).
    package var retry = false
    /// Pending jobs whose last unfinished dependency this was: they stop waiting.
    package var release: [Int64] = []
    /// Pending jobs that depend, directly or through other canceled jobs, on a step that did
    /// not pass: they are canceled.
    package var cancel: [Int64] = []

    /// The plan for `ended`, now in its final state, among `jobs`: every job of its build
    /// (the ended one included, as it is now).
    package static func plan(ended: BuildJobSnapshot, retryAllowed: Bool, jobs: [BuildJobSnapshot]) -> JobEndingPlan {
        if retryAllowed { return JobEndingPlan(retry: true) }
        if ended.state != .passed { return JobEndingPlan(cancel: Self.canceledDependents(of: ended.stepKey, among: jobs)) }
        return JobEndingPlan(release: Self.releasedDependents(among: jobs))
    }

    /// Waiting jobs all of whose dependencies have passed (a superseded attempt does not count;
    /// its retry stands for the step).
    private static func releasedDependents(among jobs: [BuildJobSnapshot]) -> [Int64] {
        let notPassed = Set(jobs.filter { !$0.superseded && $0.state != .passed }.map(\.stepKey))
        return jobs
            .filter { $0.state == .pending && $0.waitingForSteps && $0.dependsOn.allSatisfy { !notPassed.contains($0) } }
            .map(\.id)
    }

    /// Pending jobs that depend on `stepKey`, and the pending jobs that depend on those, and so on.
    private static func canceledDependents(of stepKey: String, among jobs: [BuildJobSnapshot]) -> [Int64] {
        var canceled: [Int64] = []
        var seen: Set<Int64> = []
        var failedSteps = [stepKey]
        while let step = failedSteps.popLast() {
            for job in jobs where job.state == .pending && !seen.contains(job.id) && job.dependsOn.contains(step) {
                seen.insert(job.id)
                canceled.append(job.id)
                failedSteps.append(job.stepKey)
            }
        }
        return canceled
    }
}

// MARK: - BuildJobSnapshot

/// One job of a build, as the rules for ending a job see it.
@MemberwiseInit(.package)
package struct BuildJobSnapshot: Equatable {
    /// The job's id.
    package var id: Int64
    /// The pipeline step it runs.
    package var stepKey: String
    /// Its state now.
    package var state: JobState
    /// The steps it depends on (read for pending jobs only; empty otherwise).
    package var dependsOn: [String]
    /// Whether it is pending because a dependency has not passed yet.
    package var waitingForSteps: Bool
    /// Whether a later attempt replaced it.
    package var superseded: Bool
}
