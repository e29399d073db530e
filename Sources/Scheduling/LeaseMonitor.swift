import Core
import Foundation
import Logging
import ServiceLifecycle
import Store

/// Background service that turns jobs whose agent stopped heartbeating into `lost` ones.
///
/// Checked every quarter lease (at least once a second), so a dead agent's job is retried
/// on another agent within about 1.25 leases. Runs until graceful shutdown.
public struct LeaseMonitor: Service {
    private let queue: any JobQueue
    private let dispatcher: JobDispatcher
    private let followers: LogFollowers
    private let interval: Duration
    private let clock: any TimeSource
    private let logger: Logger
    /// Drops a lost job's log masking (nil in tests that have no secrets).
    private let secrets: SecretService?

    /// Creates the monitor for leases of `leaseSeconds`; the followers of a lost job's log are
    /// woken, and its log masking is dropped.
    public init(
        queue: any JobQueue, dispatcher: JobDispatcher, followers: LogFollowers, leaseSeconds: Double, clock: any TimeSource, logger: Logger,
        secrets: SecretService? = nil
    ) {
        self.queue = queue
        self.dispatcher = dispatcher
        self.followers = followers
        self.interval = .milliseconds(Int(max(0.25, min(1, leaseSeconds / 4)) * 1000))
        self.clock = clock
        self.logger = logger
        self.secrets = secrets
    }

    /// Checks leases until the service group shuts down.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await checkOnce()
                try? await clock.sleep(for: interval)
            }
        }
    }

    /// One sweep at the clock's time; public so tests can drive it without waiting.
    public func checkOnce() async {
        let now = clock.now
        do {
            let lost = try await queue.expireLeases(now: now)
            if !lost.isEmpty {
                logger.warning("jobs lost their agent", metadata: ["jobs": "\(lost)"])
                dispatcher.wake()
                followers.wake(jobIDs: lost)
                secrets?.forgetLogs(jobIDs: lost)
            }
        } catch {
            logger.error("lease check failed", metadata: ["error": "\(error)"])
        }
    }
}
