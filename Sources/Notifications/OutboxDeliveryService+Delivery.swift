import Core
import Foundation
import Logging
import Store

// MARK: - One pass

extension OutboxDeliveryService {
    /// Claims one batch of due messages and delivers them one after another.
    ///
    /// Public so tools and tests can drive a pass by hand; ``run()`` calls it in a loop.
    /// - Returns: How many messages were claimed, or nil when the store failed.
    @discardableResult
    public func deliverDueMessages() async -> Int? {
        let messages: [OutboxMessage]
        do {
            messages = try await store.claimDueMessages(
                kinds: kinds, now: clock.now, limit: configuration.batchSize, lease: configuration.lease
            )
        } catch {
            logger.error("claiming outbox messages failed", metadata: ["error": "\(error)"])
            return nil
        }
        // Deliveries and skips are written together after the pass: one transaction per batch
        // instead of one per message. A server that dies before that write sends those
        // messages again once their lease ends, which delivery at least once already allows.
        var delivered: [DeliveredMessage] = []
        for (index, message) in messages.enumerated() {
            if shouldStop {
                // Give the rest back now rather than after the lease runs out.
                for remaining in messages[index...] { await settle(remaining, outcome: .interrupted, delivered: &delivered) }
                break
            }
            let outcome: OutboxDeliveryOutcome
            if let handler = handlers[message.kind] {
                outcome = await handler.deliver(message)
            } else {
                outcome = .interrupted  // Unreachable: claims are filtered by the handlers' kinds.
            }
            await settle(message, outcome: outcome, delivered: &delivered)
        }
        await recordDelivered(delivered)
        return messages.count
    }

    /// Writes a pass's delivered and skipped messages in one store call.
    private func recordDelivered(_ delivered: [DeliveredMessage]) async {
        guard !delivered.isEmpty else { return }
        do {
            try await store.markDelivered(delivered, at: clock.now)
        } catch {
            logger.error(
                "recording delivered outbox messages failed; they will be sent again",
                metadata: ["error": "\(error)", "outbox.ids": "\(delivered.map(\.id))"]
            )
        }
    }

    // MARK: Recording outcomes

    /// Writes an attempt's outcome to the store, or adds a delivered or skipped message to
    /// `delivered` for the pass's single write. If a write fails the message stays claimed and
    /// is tried again once its lease ends: delivery is at least once.
    func settle(_ message: OutboxMessage, outcome: OutboxDeliveryOutcome, delivered: inout [DeliveredMessage]) async {
        let attempt = message.attempts + 1
        var metadata: Logger.Metadata = [
            "outbox.id": "\(message.id)", "outbox.kind": "\(message.kind)", "outbox.attempt": "\(attempt)",
        ]
        do {
            switch outcome {
            case .delivered:
                delivered.append(DeliveredMessage(id: message.id, note: nil))
                logger.debug("outbox message delivered", metadata: metadata)
            case .skipped(let reason):
                delivered.append(DeliveredMessage(id: message.id, note: "skipped: \(reason)"))
                metadata["reason"] = "\(reason)"
                // Debug, like a delivery: a host without a token skips every status, and its
                // handler already warns once; an info line per build would flood the log.
                logger.debug("outbox message skipped", metadata: metadata)
            case .retry(let error, let retryAfter):
                let delay = configuration.backoff.delay(afterAttempt: attempt, retryAfter: retryAfter)
                let retryAt = clock.now.addingTimeInterval(BackoffPolicy.seconds(delay))
                let updated = try await store.recordFailure(id: message.id, error: "attempt \(attempt): \(error)", retryAt: retryAt)
                metadata["error"] = "\(error)"
                if updated?.isDead == true {
                    logger.error("outbox message is dead after \(attempt) attempts", metadata: metadata)
                } else {
                    metadata["outbox.retry_in"] = "\(delay)"
                    logger.warning("outbox delivery failed; will retry", metadata: metadata)
                }
            case .permanentFailure(let error):
                try await store.markDead(id: message.id, error: "attempt \(attempt): permanent failure: \(error)")
                metadata["error"] = "\(error)"
                logger.error("outbox message is dead: the receiver rejected it", metadata: metadata)
            case .interrupted:
                try await store.release(id: message.id, at: clock.now)
            }
        } catch {
            metadata["error"] = "\(error)"
            logger.error("recording an outbox outcome failed; the message will be retried", metadata: metadata)
        }
    }
}
