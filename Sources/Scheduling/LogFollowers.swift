import Foundation
import ServiceLifecycle
import Store
import Synchronization

/// The followers of job logs (`GET /api/v1/jobs/{id}/log?follow=true`): woken when a job's
/// log grows or the job ends, instead of each one reading the database every 250 ms, and
/// counted per token so one token cannot hold the server with thousands of them.
///
/// The log writer (an agent's chunk), a job's end (finish, cancel, a lost lease) call
/// ``wake(jobIDs:)``, which wakes that job's followers here and tells the other servers
/// sharing the database (`logsChanged`); their signal relay calls ``wakeHere()``. Signals
/// carry no job, so a signal wakes every follower of that server, which re-reads once. Each
/// follower also reads again after ``fallbackInterval`` unwoken: the backstop for a lost
/// signal and for the rare paths that end jobs without waking (a release train moving on).
///
/// A follower registers with ``follow(jobID:token:)`` and is woken through the ``Follower``
/// it gets; a change between its read and its wait is never lost, because it waits for the
/// job's change count to move past the one it saw before reading.
public final class LogFollowers: Sendable {
    /// Longest a follower waits unwoken before it reads again.
    public let fallbackInterval: Duration
    /// Most followers one token may have on this server at once.
    public let maximumPerToken: Int
    private let signals: any ClusterSignals
    private let state = Mutex(FollowState())

    /// Creates the registry; wakes go to the other servers through `signals`.
    public init(fallbackInterval: Duration, maximumPerToken: Int, signals: any ClusterSignals = SingleServerSignals()) {
        self.fallbackInterval = fallbackInterval
        self.maximumPerToken = maximumPerToken
        self.signals = signals
    }

    /// Registers a follower of `jobID` for `token` (a token's public id).
    /// - Throws: ``TooManyFollowers`` when the token already has ``maximumPerToken``.
    public func follow(jobID: Int64, token: String) throws(TooManyFollowers) -> Follower {
        let admitted = state.withLock { state -> Bool in
            guard state.perToken[token, default: 0] < maximumPerToken else { return false }
            state.perToken[token, default: 0] += 1
            state.followers[jobID, default: 0] += 1
            return true
        }
        guard admitted else { throw TooManyFollowers(limit: maximumPerToken) }
        return Follower(registry: self, jobID: jobID, token: token)
    }

    /// Wakes the followers of these jobs here, and every follower on the other servers.
    public func wake(jobIDs: [Int64]) {
        guard !jobIDs.isEmpty else { return }
        wake { jobIDs.contains($0) }
        throttled(.publishing) { $0.signals.publish(.logsChanged) }
    }

    /// Wakes every follower on this server: another server's signal, or a lost one.
    public func wakeHere() {
        throttled(.wakingAll) { $0.wake { _ in true } }
    }

    /// Shortest time between two signals sent, and between two wakes of every follower.
    ///
    /// Agents send a chunk about twice a second each, so a busy cluster would signal on
    /// every chunk, and every signal wakes every follower of the other servers, which all read:
    /// more reads than a 250 ms poll. So a burst makes one signal (or wake-all) at once and
    /// one more when the interval ends; a follower of another server's job hears of a chunk
    /// within this interval, and nothing happens while no job logs.
    static let signalInterval: Duration = .milliseconds(250)

    /// Runs `action` now unless it ran less than ``signalInterval`` ago; then once more when
    /// the interval ends, however many times it was asked for meanwhile.
    private func throttled(_ window: FollowState.Throttled, _ action: @escaping @Sendable (LogFollowers) -> Void) {
        let now = state.withLock { state -> Bool in
            guard !state.windows[window, default: .init()].open else {
                state.windows[window]?.pending = true
                return false
            }
            state.windows[window] = FollowState.Window(open: true)
            return true
        }
        guard now else { return }
        action(self)
        Task { [weak self] in
            try? await Task.sleep(for: Self.signalInterval)
            guard let self else { return }
            let again = self.state.withLock { state -> Bool in
                state.windows.removeValue(forKey: window)?.pending ?? false
            }
            if again { self.throttled(window, action) }
        }
    }

    /// How many followers this server has now.
    public var count: Int { state.withLock { $0.perToken.values.reduce(0, +) } }

    // MARK: For Follower

    /// The job's change count.
    func changes(of jobID: Int64) -> Int {
        state.withLock { $0.changes[jobID, default: 0] }
    }

    /// Waits until the job's change count moves past `seen`, the fallback interval passes,
    /// the server begins a graceful shutdown or the task is cancelled.
    func waitForChange(of jobID: Int64, after seen: Int) async {
        let id = UUID()
        let timer = Task { [weak self, fallbackInterval] in
            try? await Task.sleep(for: fallbackInterval)
            self?.resume(id)
        }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { state -> Bool in
                        // Under the lock a wake or the shutdown handler takes: either this sees
                        // the change, or the waker sees this waiter.
                        if state.changes[jobID, default: 0] != seen || Task.isShuttingDownGracefully || Task.isCancelled { return true }
                        state.waiters[id] = FollowState.Waiter(jobID: jobID, continuation: continuation)
                        return false
                    }
                    if now { continuation.resume() }
                }
            } onGracefulShutdown: {
                self.resume(id)
            }
        } onCancel: {
            resume(id)
        }
        timer.cancel()
    }

    /// Forgets a follower that ended.
    func leave(jobID: Int64, token: String) {
        state.withLock { state in
            state.perToken[token, default: 1] -= 1
            if state.perToken[token] == 0 { state.perToken[token] = nil }
            state.followers[jobID, default: 1] -= 1
            if state.followers[jobID] == 0 {
                state.followers[jobID] = nil
                state.changes[jobID] = nil
            }
        }
    }

    // MARK: Waking

    private func wake(_ matches: (Int64) -> Bool) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            // Only jobs someone follows are counted, so the table stays as small as the followers.
            for jobID in state.followers.keys where matches(jobID) { state.changes[jobID, default: 0] += 1 }
            let ids = state.waiters.filter { matches($0.value.jobID) }.map(\.key)
            return ids.compactMap { state.waiters.removeValue(forKey: $0)?.continuation }
        }
        for continuation in woken { continuation.resume() }
    }

    private func resume(_ id: UUID) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }
}

// MARK: - Follower

extension LogFollowers {
    /// One registered follower; it leaves the registry when released, whether or not its
    /// response was ever streamed (a client gone before the head was sent).
    public final class Follower: Sendable {
        private let registry: LogFollowers
        /// The job followed.
        public let jobID: Int64
        private let token: String

        fileprivate init(registry: LogFollowers, jobID: Int64, token: String) {
            self.registry = registry
            self.jobID = jobID
            self.token = token
        }

        deinit {
            registry.leave(jobID: jobID, token: token)
        }

        /// The job's change count: take it before reading the log, then wait past it.
        public var changes: Int { registry.changes(of: jobID) }

        /// Waits until the job changed after `seen` (``changes`` before the last read), the
        /// fallback interval passed, the server began a graceful shutdown or the task was cancelled.
        public func waitForChange(after seen: Int) async {
            await registry.waitForChange(of: jobID, after: seen)
        }
    }

    /// A token already has the most followers it may.
    public struct TooManyFollowers: Error, Sendable, Equatable {
        /// The most one token may have.
        public let limit: Int
    }
}

/// The registry's mutable state, guarded by its mutex.
struct FollowState: Sendable {
    /// One parked follower.
    struct Waiter: Sendable {
        let jobID: Int64
        let continuation: CheckedContinuation<Void, Never>
    }

    /// Followers per token id.
    var perToken: [String: Int] = [:]
    /// Followers per job.
    var followers: [Int64: Int] = [:]
    /// Changes per followed job since its first follower came.
    var changes: [Int64: Int] = [:]
    var waiters: [UUID: Waiter] = [:]

    /// The throttled actions.
    enum Throttled: Hashable, Sendable {
        /// Signals sent to the other servers.
        case publishing
        /// Wakes of every follower here.
        case wakingAll
    }

    /// One throttled action: run within the last interval, and asked for again since.
    struct Window: Sendable {
        var open = false
        var pending = false
    }

    /// The throttled actions run within the last interval.
    var windows: [Throttled: Window] = [:]
}
