import Core
import Foundation
import Logging
import MemberwiseInit
import Notifications
import ServiceLifecycle
import Store

/// Background upkeep of build metrics: evaluates regressions every
/// `regressionIntervalSeconds` (not on every ingest: one pass reads each busy series once,
/// however many reports arrived), and prunes detail rows past the retention period in small
/// batches every `pruneIntervalSeconds`. Runs until graceful shutdown.
@MemberwiseInit(.public)
public struct BuildMetricsService: Service {
    private let store: any BuildMetricsStore
    private let configuration: BuildMetricsConfiguration
    private let delivery: OutboxDeliveryService
    private let clock: any TimeSource
    private let logger: Logger

    /// Evaluates and prunes until the service group shuts down.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastPrune = Date.distantPast
            while !Task.isCancelled {
                try? await clock.sleep(for: .milliseconds(Int64(configuration.regressionIntervalSeconds * 1000)))
                if Task.isCancelled { break }
                await evaluateOnce()
                if clock.now.timeIntervalSince(lastPrune) >= configuration.pruneIntervalSeconds {
                    await pruneOnce()
                    lastPrune = clock.now
                }
            }
        }
    }

    // MARK: Passes (public so tests and tools can drive them)

    /// One regression pass; returns the regressions it opened (each announced once).
    @discardableResult
    public func evaluateOnce() async -> [StoredRegression] {
        let now = clock.now
        do {
            let opened = try await store.evaluateRegressions(configuration.regression, now: now)
            for regression in opened {
                logger.warning("build regression", metadata: [
                    "series": "\(regression.seriesKey)", "metric": "\(regression.metric)",
                    "change_percent": "\(Int(regression.changePercent.rounded()))",
                ])
            }
            if !opened.isEmpty { delivery.wake() }
            return opened
        } catch {
            logger.error("regression evaluation failed", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// Deletes detail rows older than the retention in batches, at most 100 batches a pass
    /// so one pass never holds the writer for long; returns how many builds were deleted.
    @discardableResult
    public func pruneOnce() async -> Int {
        let now = clock.now
        let cutoff = now.addingTimeInterval(-Double(configuration.retentionDays) * 86_400)
        var deleted = 0
        do {
            for _ in 0..<100 {
                let batch = try await store.pruneBuildReports(finishedBefore: cutoff, limit: configuration.pruneBatch)
                deleted += batch
                if batch < configuration.pruneBatch { break }
            }
        } catch {
            logger.error("pruning build metrics failed", metadata: ["error": "\(error)"])
        }
        if deleted > 0 { logger.info("pruned build metrics detail", metadata: ["builds": "\(deleted)"]) }
        return deleted
    }
}
