import Core
import CoreMetrics
import Foundation
import Logging
import Prometheus
import Scheduling
import Store
import Synchronization

/// The server's Prometheus metrics, made with swift-metrics over a swift-prometheus registry
/// owned by this object (not the process-wide `MetricsSystem`, which can be bootstrapped only
/// once, so several servers — tests — can live in one process).
///
/// Counters are incremented where things happen (webhook intake). Figures that live in the
/// database (queue depth, running jobs, agents by state, outbox backlog) are read at scrape
/// time; builds that finished since the last scrape are then added to the queue, run and
/// total histograms (``BuildTimes``, the figures the metrics summary counts), so no code path
/// that finishes a build needs to know about metrics.
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let operations: any OperationsStore
    private let outbox: any OutboxStore
    private let clock: any TimeSource
    private let logger: Logger
    /// Builds that finished up to this time are in the histogram; guards scrapes against each other.
    private let countedThrough: Mutex<Date>

    /// Creates the metrics over the stores they read at scrape time.
    public init(operations: any OperationsStore, outbox: any OutboxStore, clock: any TimeSource, logger: Logger) {
        self.clock = clock
        var factory = PrometheusMetricsFactory(registry: registry)
        self.factory = factory
        self.operations = operations
        self.outbox = outbox
        self.logger = logger
        // A new process counts builds finishing from now on: a restart never counts old
        // builds twice (Prometheus sees the reset and handles it).
        self.countedThrough = Mutex(clock.now)
    }

    // MARK: Events

    /// One webhook delivery answered: `provider` github|gitlab|bitbucket, `outcome` how.
    public func webhookReceived(provider: String, outcome: WebhookOutcome) {
        Counter(label: "mobile_ops_webhook_deliveries_total", dimensions: [("provider", provider), ("outcome", outcome.rawValue)], factory: factory)
            .increment()
    }

    // MARK: Scrape

    /// The Prometheus text exposition of every metric, refreshed from the database.
    public func render() async -> String {
        let now = clock.now
        do {
            let counts = try await operations.operationalCounts(now: now)
            Gauge(label: "mobile_ops_jobs_pending", factory: factory).record(counts.pendingJobs)
            Gauge(label: "mobile_ops_jobs_running", factory: factory).record(counts.runningJobs)
            for (state, count) in counts.agentsByState {
                Gauge(label: "mobile_ops_agents", dimensions: [("state", state)], factory: factory).record(count)
            }
            let backlog = try await outbox.outboxBacklog(now: now)
            Gauge(label: "mobile_ops_outbox_pending", factory: factory).record(backlog.pending)
            Gauge(label: "mobile_ops_outbox_dead", factory: factory).record(backlog.dead)
            try await recordFinishedBuilds(through: now)
        } catch {
            logger.error("metrics scrape could not read the database", metadata: ["error": "\(error)"])
            Counter(label: "mobile_ops_metrics_scrape_errors_total", factory: factory).increment()
        }
        var output: [UInt8] = []
        registry.emit(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The build histograms: name and help text, by what they measure.
    static let buildHistograms: [(name: String, help: String, seconds: @Sendable (BuildTimes) -> Double)] = [
        ("mobile_ops_build_queue_seconds", "Seconds a finished MobileOps build waited: first job assigned - build created.", { $0.queueSeconds }),
        ("mobile_ops_build_run_seconds", "Seconds a finished MobileOps build ran: last job finished - first job started.", { $0.runSeconds }),
        ("mobile_ops_build_total_seconds", "Seconds a finished MobileOps build took in all: finished - created.", { $0.totalSeconds }),
    ]

    /// Bucket bounds of the build histograms: from sub-minute builds to two-hour ones.
    static let buildBuckets: [Duration] = [1, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200].map { Duration.seconds($0) }

    /// Adds builds finished since the last scrape to the queue, run and total histograms.
    ///
    /// The store is read without holding the lock (a read may suspend); a page is recorded
    /// only by the scrape that moves the cursor past it, so concurrent scrapes never count a
    /// build twice.
    private func recordFinishedBuilds(through end: Date) async throws(StoreError) {
        while true {
            let start = countedThrough.withLock { $0 }
            guard start < end else { return }
            let finished = try await operations.finishedBuilds(after: start, through: end, limit: 1_000)
            // A full page may stop inside a run of equal finish times: continue from its
            // last time (a tie at a page edge is the only imprecision, once per 1,000).
            let next = finished.count == 1_000 ? finished.last?.finishedAt ?? end : end
            let claimed = countedThrough.withLock { counted in
                guard counted == start else { return false }
                counted = next
                return true
            }
            // Another scrape counted this page meanwhile: go on from where it got to.
            guard claimed else { continue }
            for build in finished {
                for histogram in Self.buildHistograms {
                    let seconds = histogram.seconds(build.times)
                    registry.makeDurationHistogram(
                        name: histogram.name, labels: [("state", build.state)], buckets: Self.buildBuckets, help: histogram.help)
                        .record(.nanoseconds(Int64((min(seconds, 1e9) * 1e9).rounded())))
                }
            }
        }
    }
}
