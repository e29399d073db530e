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
            messages = try store.claimDueMessages(
                kinds: kinds, now: now(), limit: configuration.batchSize, lease: configuration.lease
            )
        } catch {
            logger.error("claiming outbox messages failed", metadata: ["error": "\(error)"])
            return nil
        }
        for (index, message) in messages.enumerated() {
            if shouldStop {
                // Give the rest back now rather than after the lease runs out.
                for remaining in messages[index...] { settle(remaining, outcome: .interrupted) }
                break
            }
            let outcome: OutboxDeliveryOutcome
            if let handler = handlers[message.kind] {
                outcome = await handler.deliver(message)
            } else {
                outcome = .interrupted  // Unreachable: claims are filtered by the handlers' kinds.
            }
            settle(message, outcome: outcome)
        }
        return messages.count
    }

    // MARK: Recording outcomes

    /// Writes an attempt's outcome to the store. If that write fails the message stays
    /// claimed and is tried again once its lease ends: delivery is at least once.
    func settle(_ message: OutboxMessage, outcome: OutboxDeliveryOutcome) {
        let attempt = message.attempts + 1
        var metadata: Logger.Metadata = [
            "outbox.id": "\(message.id)", "outbox.kind": "\(message.kind)", "outbox.attempt": "\(attempt)",
        ]
        do {
            switch outcome {
            case .delivered:
                try store.markDelivered(id: message.id, at: now(), note: nil)
                logger.debug("outbox message delivered", metadata: metadata)
            case .skipped(let reason):
                try store.markDelivered(id: message.id, at: now(), note: "skipped: \(reason)")
                metadata["reason"] = "\(reason)"
                logger.info("outbox message skipped", metadata: metadata)
            case .retry(let error, let retryAfter):
                let delay = configuration.backoff.delay(afterAttempt: attempt, retryAfter: retryAfter)
                let retryAt = now().addingTimeInterval(BackoffPolicy.seconds(delay))
                let updated = try store.recordFailure(id: message.id, error: "attempt \(attempt): \(error)", retryAt: retryAt)
                metadata["error"] = "\(error)"
                if updated?.isDead == true {
                    logger.error("outbox message is dead after \(attempt) attempts", metadata: metadata)
                } else {
                    metadata["outbox.retry_in"] = "\(delay)"
                    logger.warning("outbox delivery failed; will retry", metadata: metadata)
                }
            case .permanentFailure(let error):
                try store.markDead(id: message.id, error: "attempt \(attempt): permanent failure: \(error)")
                metadata["error"] = "\(error)"
                logger.error("outbox message is dead: the receiver rejected it", metadata: metadata)
            case .interrupted:
                try store.release(id: message.id, at: now())
            }
        } catch {
            metadata["error"] = "\(error)"
            logger.error("recording an outbox outcome failed; the message will be retried", metadata: metadata)
        }
    }
}
