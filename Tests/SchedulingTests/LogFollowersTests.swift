import Store
import Synchronization
import Testing
@testable import Scheduling

/// The registry of log followers on its own: the cap per token, waking by job, and bursts of
/// wakes made into a few.
struct LogFollowersTests {
    /// Counts the signals sent to the other servers.
    final class CountingSignals: ClusterSignals {
        private let sent = Mutex(0)
        var count: Int { sent.withLock { $0 } }
        func publish(_ signal: ClusterSignal) { sent.withLock { $0 += 1 } }
        func signals() -> AsyncStream<ClusterSignal> { AsyncStream { _ in } }
        func run() async {}
    }

    /// Waits in small steps, at most 10 s, until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("a token has at most the cap of followers; one released frees its place; other tokens count apart")
    func capPerToken() throws {
        let followers = LogFollowers(fallbackInterval: .seconds(3600), maximumPerToken: 2)
        let first = try followers.follow(jobID: 1, token: "a")
        var second: LogFollowers.Follower? = try followers.follow(jobID: 2, token: "a")
        #expect(throws: LogFollowers.TooManyFollowers(limit: 2)) { try followers.follow(jobID: 3, token: "a") }
        let other = try followers.follow(jobID: 1, token: "b")
        #expect(followers.count == 3)
        #expect(second?.jobID == 2)
        second = nil
        #expect(followers.count == 2)
        let again = try followers.follow(jobID: 3, token: "a")
        #expect([first.jobID, other.jobID, again.jobID] == [1, 1, 3])
    }

    @Test("a wake reaches the followers of its job only, here at once, and is signalled to the other servers")
    func wakeByJob() async throws {
        let signals = CountingSignals()
        let followers = LogFollowers(fallbackInterval: .seconds(3600), maximumPerToken: 10, signals: signals)
        let one = try followers.follow(jobID: 1, token: "t")
        let two = try followers.follow(jobID: 2, token: "t")
        let seenOne = one.changes, seenTwo = two.changes
        followers.wake(jobIDs: [1])
        #expect(one.changes == seenOne + 1)
        #expect(two.changes == seenTwo, "another job's follower is not woken")
        // A change that came before the wait is not missed: the wait returns at once.
        await one.waitForChange(after: seenOne)
        let waiting = Task { await two.waitForChange(after: seenTwo) }
        followers.wakeHere()
        await waiting.value
        #expect(two.changes == seenTwo + 1)
        try await Self.eventually { signals.count == 1 }
        #expect(signals.count == 1)
    }

    @Test("a burst of wakes makes one signal and one wake-all at once and one more at the end of the interval")
    func burstsAreThrottled() async throws {
        let signals = CountingSignals()
        let followers = LogFollowers(fallbackInterval: .seconds(3600), maximumPerToken: 10, signals: signals)
        let follower = try followers.follow(jobID: 7, token: "t")
        let seen = follower.changes
        for _ in 0..<100 {
            followers.wakeHere()
            followers.wake(jobIDs: [8])
        }
        #expect(follower.changes == seen + 1, "the first wake-all at once, the rest wait")
        #expect(signals.count == 1)
        try await Self.eventually { follower.changes == seen + 2 && signals.count == 2 }
        #expect(follower.changes == seen + 2, "one more at the end of the interval")
        #expect(signals.count == 2)
        try await Task.sleep(for: .seconds(1))
        #expect(follower.changes == seen + 2 && signals.count == 2, "and nothing after")
    }
}
