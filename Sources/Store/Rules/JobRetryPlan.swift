import Core

/// What retrying one job of a build by hand runs again: the job, as a new attempt, and the
/// current attempts that were canceled because it did not pass (its dependents, and theirs),
/// which wait for it again. Nothing else of the build changes; the build runs again until
/// they finish.
package struct JobRetryPlan: Equatable {
    /// The attempt to run again at once.
    package var retried: Int64
    /// Attempts canceled because of it, to run again once their steps pass, each with the
    /// steps it waits for.
    package var dependents: [(id: Int64, waitingFor: [String])]

    /// The plan for a retry of job `id` among `jobs` (every attempt of its build, each with
    /// its `dependsOn` whatever its state); throws what a person is told when it cannot be.
    package static func plan(retrying id: Int64, among jobs: [BuildJobSnapshot]) throws(StoreError) -> JobRetryPlan {
        guard let job = jobs.first(where: { $0.id == id }) else { throw StoreError.notFound("no job with id \(id)") }
        guard !job.superseded else {
            throw StoreError.conflict("job \(id) was already run again as a later attempt: retry that one")
        }
        guard [.failed, .timedOut, .lost].contains(job.state) else {
            throw StoreError.conflict("job \(id) is \(job.state.rawValue): only a failed, timed-out or lost job is retried")
        }
        var dependents: [(id: Int64, waitingFor: [String])] = []
        var seen: Set<Int64> = [id]
        var steps = [job.stepKey]
        while let step = steps.popLast() {
            for other in jobs where !other.superseded && other.state == .canceled && !seen.contains(other.id) && other.dependsOn.contains(step) {
                seen.insert(other.id)
                dependents.append((other.id, other.dependsOn))
                steps.append(other.stepKey)
            }
        }
        return JobRetryPlan(retried: id, dependents: dependents)
    }

    package static func == (lhs: JobRetryPlan, rhs: JobRetryPlan) -> Bool {
        lhs.retried == rhs.retried && lhs.dependents.map(\.id) == rhs.dependents.map(\.id) && lhs.dependents.map(\.waitingFor) == rhs.dependents.map(\.waitingFor)
    }
}
