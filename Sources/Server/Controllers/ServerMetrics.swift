import Core
import Foundation
import Logging
import Prometheus
import Scheduling
import Store
import Synchronization

/// The server's Prometheus metrics, in a swift-prometheus registry owned by this object (not
/// a process-wide one, so several servers — tests — can live in one process). Each family is
/// made with its `# HELP` text (``help``); the registry writes `# TYPE` for each.
///
/// Counters are incremented where things happen (webhook intake). Figures that live in the
/// database (queue depth, running jobs, agents by state, outbox backlog) are read at scrape
/// time; builds that finished since the last scrape are then added to the queue, run and
/// total histograms (``BuildTimes``, the figures the metrics summary counts), so no code path
/// that finishes a build needs to know about metrics.
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let operations: any OperationsStore
    private let outbox: any OutboxStore
    private let clock: any TimeSource
    private let logger: Logger
    /// Builds that finished up to this time are in the histogram; guards scrapes against each other.
    private let countedThrough: Mutex<Date>
    /// Scrapes that could not read the database; made at start so the series reads 0, not absent.
    private let scrapeErrors: Counter
    /// The build cache's counters by family and labels. Every cache request increments one or
    /// two, and the registry's look-up (a name built from its descriptor, a label array, its
    /// lock, a comparison of labels) cost more than the rest of the request's bookkeeping.
    /// Its size is the number of series, which the registry keeps anyway.
    private let cacheCounters = Mutex<[CacheCounterKey: Counter]>([:])

    /// Creates the metrics over the stores they read at scrape time.
    public init(operations: any OperationsStore, outbox: any OutboxStore, clock: any TimeSource, logger: Logger) {
        self.clock = clock
        self.operations = operations
        self.outbox = outbox
        self.logger = logger
        // A new process counts builds finishing from now on: a restart never counts old
        // builds twice (Prometheus sees the reset and handles it).
        self.countedThrough = Mutex(clock.now)
        self.scrapeErrors = registry.makeCounter(descriptor: Self.descriptor("mobile_ops_metrics_scrape_errors_total"))
    }

    /// Each series' `# HELP` text. Every family is made with its text, always the same one:
    /// the registry refuses a family made twice with different texts.
    static let help: [String: String] = [
        "mobile_ops_jobs_pending": "Jobs waiting for an agent.",
        "mobile_ops_jobs_running": "Jobs an agent holds (assigned or running).",
        "mobile_ops_agents": "Registered agents by state: busy, idle, offline, revoked.",
        "mobile_ops_outbox_pending": "Commit statuses, findings reports and team webhooks waiting to be delivered.",
        "mobile_ops_outbox_dead": "Outbox messages delivery gave up on.",
        "mobile_ops_webhook_deliveries_total": "Git host webhook deliveries by provider and outcome: accepted, ping, duplicate, rejected, failed.",
        "mobile_ops_metrics_scrape_errors_total": "Scrapes of /metrics that could not read the database (their gauges kept their last values).",
        "mobile_ops_cache_requests_total": "Build cache requests by protocol, namespace and outcome: hit, miss (GET, and XCRemoteCache's HEAD of a marker); present, absent (other HEADs); stored, refused, full (PUT; refused also a read token's PUT or DELETE); deleted; failed.",
        "mobile_ops_cache_bytes_total": "Build cache entry bytes by protocol, namespace and direction: served (sent to clients) or stored (received and kept).",
        "mobile_ops_cache_evictions_total": "Build cache entries evicted by protocol and namespace: past a size cap, or an XCRemoteCache meta gone before its artifact.",
    ]

    // MARK: Events

    /// One webhook delivery answered: `provider` github|gitlab|bitbucket, `outcome` how.
    public func webhookReceived(provider: String, outcome: WebhookOutcome) {
        registry.makeCounter(
            descriptor: Self.descriptor("mobile_ops_webhook_deliveries_total"), labels: [("provider", provider), ("outcome", outcome.rawValue)]
        ).increment()
    }

    /// One build cache request answered: `outcome` how (``CacheOutcome``).
    public func cacheRequest(protocol protocolName: String, namespace: String, outcome: CacheOutcome) {
        cacheCounter("mobile_ops_cache_requests_total", protocolName, namespace, ("outcome", outcome.rawValue)).increment()
    }

    /// Build cache entry bytes sent (`served`) or kept (`stored`).
    public func cacheBytes(protocol protocolName: String, namespace: String, direction: String, bytes: Int64) {
        guard bytes > 0 else { return }
        cacheCounter("mobile_ops_cache_bytes_total", protocolName, namespace, ("direction", direction)).increment(by: bytes)
    }

    /// The counter of `family` labelled `protocol`, `namespace` and `last`: the registry's
    /// the first time, from ``cacheCounters`` after.
    private func cacheCounter(_ family: String, _ protocolName: String, _ namespace: String, _ last: (String, String)) -> Counter {
        let key = CacheCounterKey(family: family, protocolName: protocolName, namespace: namespace, last: last.1)
        if let counter = cacheCounters.withLock({ $0[key] }) { return counter }
        let counter = registry.makeCounter(descriptor: Self.descriptor(family), labels: [("protocol", protocolName), ("namespace", namespace), last])
        cacheCounters.withLock { $0[key] = counter }
        return counter
    }

    /// What tells the cache's counters apart: the family and the values of its three labels.
    private struct CacheCounterKey: Hashable {
        var family: String
        var protocolName: String
        var namespace: String
        var last: String
    }

    /// One build cache entry evicted (by the evictor, on the leader).
    public func cacheEvicted(protocol protocolName: String, namespace: String) {
        registry.makeCounter(
            descriptor: Self.descriptor("mobile_ops_cache_evictions_total"), labels: [("protocol", protocolName), ("namespace", namespace)]
        ).increment()
    }

    // MARK: Scrape

    /// The Prometheus text exposition of every metric, refreshed from the database.
    public func render() async -> String {
        let now = clock.now
        do {
            let counts = try await operations.operationalCounts(now: now)
            gauge("mobile_ops_jobs_pending").set(Int64(counts.pendingJobs))
            gauge("mobile_ops_jobs_running").set(Int64(counts.runningJobs))
            // Every state, 0 when no agent is in it: a state that empties must read 0, not keep its last count.
            for state in Set(AgentPresence.allCases.map(\.rawValue)).union(counts.agentsByState.keys) {
                gauge("mobile_ops_agents", labels: [("state", state)]).set(Int64(counts.agentsByState[state] ?? 0))
            }
            let backlog = try await outbox.outboxBacklog(now: now)
            gauge("mobile_ops_outbox_pending").set(Int64(backlog.pending))
            gauge("mobile_ops_outbox_dead").set(Int64(backlog.dead))
            try await recordFinishedBuilds(through: now)
        } catch {
            logger.error("metrics scrape could not read the database", metadata: ["error": "\(error)"])
            scrapeErrors.increment()
        }
        var output: [UInt8] = []
        registry.emit(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The gauge `name` (with `labels`), made with its help text on first use.
    private func gauge(_ name: String, labels: [(String, String)] = []) -> Gauge {
        registry.makeGauge(descriptor: Self.descriptor(name), labels: labels)
    }

    /// The series `name` with its ``help`` text.
    static func descriptor(_ name: String, help: String? = nil) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help ?? Self.help[name] ?? "")
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
                        descriptor: Self.descriptor(histogram.name, help: histogram.help), labels: [("state", build.state)], buckets: Self.buildBuckets)
                        .record(.nanoseconds(Int64((min(seconds, 1e9) * 1e9).rounded())))
                }
            }
        }
    }
}
