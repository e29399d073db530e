import Core
import Foundation
@testable import Store
import Testing

/// The rules every store backend applies when a job ends, and to a build's state after.
struct JobEndingPlanTests {
    private func job(
        _ id: Int64, _ step: String, _ state: JobState, dependsOn: [String] = [], waiting: Bool = false, superseded: Bool = false
    ) -> BuildJobSnapshot {
        BuildJobSnapshot(id: id, stepKey: step, state: state, dependsOn: dependsOn, waitingForSteps: waiting, superseded: superseded)
    }

    @Test func aRetryIsAllThatHappens() {
        let ended = job(1, "build", .failed)
        let jobs = [ended, job(2, "test", .pending, dependsOn: ["build"], waiting: true)]
        #expect(JobEndingPlan.plan(ended: ended, retryAllowed: true, jobs: jobs) == JobEndingPlan(retry: true))
    }

    /// A failure cancels what depends on it, and what depends on those, but nothing else.
    @Test func aFailureCancelsItsDependentsTransitively() {
        let ended = job(1, "build", .failed)
        let jobs = [
            ended,
            job(2, "test", .pending, dependsOn: ["build"], waiting: true),
            job(3, "deploy", .pending, dependsOn: ["test"], waiting: true),
            job(4, "lint", .pending),
            job(5, "docs", .running, dependsOn: []),
        ]
        let plan = JobEndingPlan.plan(ended: ended, retryAllowed: false, jobs: jobs)
        #expect(plan.retry == false)
        #expect(Set(plan.cancel) == [2, 3])
        #expect(plan.release.isEmpty)
    }

    /// A pass releases a waiting job only when every step it needs has passed; a superseded
    /// failed attempt does not hold it back (its retry passed).
    @Test func aPassReleasesJobsWhoseDependenciesAllPassed() {
        let ended = job(3, "unit", .passed)
        let jobs = [
            job(1, "build", .failed, superseded: true),
            job(2, "build", .passed),
            ended,
            job(4, "ui", .running),
            job(5, "package", .pending, dependsOn: ["build", "unit"], waiting: true),
            job(6, "deploy", .pending, dependsOn: ["unit", "ui"], waiting: true),
        ]
        let plan = JobEndingPlan.plan(ended: ended, retryAllowed: false, jobs: jobs)
        #expect(plan == JobEndingPlan(release: [5]))
    }

    @Test func aBuildStartsWhenAJobIsPickedUpAndFinishesOnce() {
        let at = Date(timeIntervalSince1970: 1_000)
        let pending = BuildProgress(state: .pending, startedAt: nil, finishedAt: nil)
        #expect(pending.advanced(jobStates: [.pending, .pending], now: at) == nil)
        let running = pending.advanced(jobStates: [.running, .pending], now: at)
        #expect(running == BuildProgress(state: .running, startedAt: at, finishedAt: nil))
        let later = at.addingTimeInterval(60)
        #expect(running?.advanced(jobStates: [.passed, .passed], now: later) == BuildProgress(state: .passed, startedAt: at, finishedAt: later))
        // Canceled before anything ran: finished, never started.
        #expect(pending.advanced(jobStates: [.canceled], now: at) == BuildProgress(state: .canceled, startedAt: nil, finishedAt: at))
    }
}
