import Core
import Foundation
import Logging
import Store
import Synchronization

// MARK: - OutboxDeliveryService

/// The background service that empties the outbox: it claims due messages, hands each to
/// the ``OutboxHandler`` registered for its kind, and records the outcome (delivered, retry
/// with backoff, or dead), then sleeps until the next message is due, the poll interval
/// passes, or ``wake()`` is called.
///
/// ``run()`` has the shape of swift-service-lifecycle's `Service.run()`; the composition root
/// runs it in the server's `ServiceGroup` and calls ``stop()`` on graceful shutdown (or
/// cancels it). Stopping lets the delivery in flight finish and gives the rest of the batch
/// back to the store; cancelling abandons the request in flight, which is then also given back.
///
/// Messages whose kind has no handler are left pending (and counted in the backlog) rather
/// than failed, so a server that adds a handler later still delivers them.
public final class OutboxDeliveryService: Sendable {
    let store: any OutboxStore
    let handlers: [String: any OutboxHandler]
    let configuration: Configuration
    /// Due dates, backoff and the waits between passes are read from this clock.
    let clock: any TimeSource
    let logger: Logger
    private let doorbell = WakeSignal()
    private let stopRequested = Atomic<Bool>(false)

    /// Creates the service.
    /// - Parameters:
    ///   - store: Where the messages are.
    ///   - handlers: The handler for each message kind, e.g. `[CommitStatusPayload.kind: notifier]`.
    ///   - configuration: Batch size, poll interval, lease and backoff.
    ///   - clock: The clock due dates are judged at and waits are measured on.
    ///   - logger: Where deliveries, retries and dead messages are reported.
    public init(
        store: any OutboxStore, handlers: [String: any OutboxHandler],
        configuration: Configuration = Configuration(),
        clock: any TimeSource = SystemClock(),
        logger: Logger
    ) {
        self.store = store
        self.handlers = handlers
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    /// The kinds this service delivers.
    public var kinds: Set<String> { Set(handlers.keys) }

    // MARK: Running

    /// Delivers until ``stop()`` is called or the task is cancelled; never throws.
    public func run() async {
        logger.info("outbox delivery started", metadata: ["outbox.kinds": "\(kinds.sorted().joined(separator: ","))"])
        while !shouldStop {
            let claimed = await deliverDueMessages()
            if shouldStop { break }
            // A full batch means more may be due right now.
            if claimed == configuration.batchSize { continue }
            let pause = claimed == nil ? configuration.storeErrorPause : await nextPause()
            await doorbell.wait(upTo: pause, sleep: { [clock] in try await clock.sleep(for: $0) })
        }
        logger.info("outbox delivery stopped")
    }

    /// Asks the service to look for due messages now, e.g. right after a change enqueued one.
    public func wake() {
        doorbell.signal()
    }

    /// Asks ``run()`` to return after the delivery in flight; safe to call from anywhere, twice.
    public func stop() {
        stopRequested.store(true, ordering: .relaxed)
        doorbell.signal()
    }

    /// Whether the loop should end (stop requested or task cancelled).
    var shouldStop: Bool {
        stopRequested.load(ordering: .relaxed) || Task.isCancelled
    }

    // MARK: Pacing

    /// How long to sleep: until the next message is due, at most the poll interval, and a
    /// few milliseconds at least, so clock rounding cannot turn the loop into a busy spin.
    private func nextPause() async -> Duration {
        let minimum = Duration.milliseconds(10)
        let due: Date?
        do {
            due = try await store.nextDueDate(kinds: kinds)
        } catch {
            logger.error("reading the outbox failed", metadata: ["error": "\(error)"])
            return configuration.storeErrorPause
        }
        guard let due else { return configuration.pollInterval }
        let wait = BackoffPolicy.duration(due.timeIntervalSince(clock.now))
        return max(minimum, min(wait, configuration.pollInterval))
    }
}

// MARK: - Configuration

extension OutboxDeliveryService {
    /// How ``OutboxDeliveryService`` paces itself.
    public struct Configuration: Sendable, Equatable {
        /// Messages claimed per pass; a full batch is followed by another pass at once.
        public var batchSize: Int
        /// The longest sleep between passes when nothing is due. Polling covers messages written
        /// by code paths (or other servers) that did not call ``wake()``.
        public var pollInterval: Duration
        /// How long a claimed message stays reserved; must outlast one delivery (the HTTP
        /// timeout), since a server that dies mid-delivery delays the message by this much.
        public var lease: Duration
        /// The wait between attempts of a failing message.
        public var backoff: BackoffPolicy
        /// The pause after the store itself failed (busy or unreachable database).
        public var storeErrorPause: Duration

        /// Creates a configuration; by default batches of 100, a 1 s poll, a 5 min lease and the
        /// default backoff (2 s doubling to 10 min).
        ///
        /// The poll is what delivers the statuses of new and changed builds, so it bounds how
        /// long a commit waits for its "pending" or "passed"; an idle pass is one indexed read.
        ///
        /// A batch costs two write transactions (the claim and the outcomes) whatever its size,
        /// and they share the writer with webhook intake; at a thousand builds a second, batches
        /// of 20 meant a hundred such transactions a second.
        public init(
            batchSize: Int = 100, pollInterval: Duration = .seconds(1), lease: Duration = .seconds(300),
            backoff: BackoffPolicy = BackoffPolicy(), storeErrorPause: Duration = .seconds(5)
        ) {
            self.batchSize = max(1, batchSize)
            self.pollInterval = pollInterval
            self.lease = lease
            self.backoff = backoff
            self.storeErrorPause = storeErrorPause
        }
    }
}
