import BuildMetrics
import Foundation
import MemberwiseInit

/// `GET /api/v1/metrics/cache`: how well build caches worked over a window.
///
/// Hit rate = `fromCache / (executed + failed + fromCache)` (BuildMetrics' `CacheStatistics`):
/// up-to-date, no-source and skipped tasks needed no cache and are left out; `avoidanceRate`
/// counts up-to-date tasks as avoided work too.
public struct CacheReport: Codable, Sendable, Equatable {
    /// The window (whole UTC days).
    public var window: MetricsWindow
    /// Every task in the window.
    public var overall: CacheRates
    /// Per build system (`gradle`, `xcode`, `other`).
    public var byBuildSystem: [NamedCacheRates]
    /// Per UTC day, oldest first; days without tasks are left out.
    public var trend: [DailyCacheRate]
    /// Per task name (Gradle task path, Xcode target), the most-missing first (at most 20).
    public var byTask: [NamedCacheRates]
    /// Per owning target or Gradle project, the most-missing first (at most 20).
    public var byTarget: [NamedCacheRates]
}

/// Task counts and the rates derived from them.
public struct CacheRates: Codable, Sendable, Equatable {
    /// The counts.
    public var counts: CacheStatistics
    /// `fromCache / (executed + failed + fromCache)`.
    public var hitRate: Double?
    /// Share of cacheable work served by a local cache (where the source says).
    public var localHitRate: Double?
    /// Share of cacheable work served by a remote cache (where the source says).
    public var remoteHitRate: Double?
    /// `(fromCache + upToDate) / (executed + failed + fromCache + upToDate)`.
    public var avoidanceRate: Double?
    /// Misses: tasks that ran (executed or failed).
    public var misses: Int

    /// Rates of `counts`.
    public init(_ counts: CacheStatistics) {
        self.counts = counts
        hitRate = counts.hitRate
        localHitRate = counts.localHitRate
        remoteHitRate = counts.remoteHitRate
        avoidanceRate = counts.avoidanceRate
        misses = counts.executed + counts.failed
    }
}

/// Cache rates of one named thing: a build system, task or target.
@MemberwiseInit(.package)
public struct NamedCacheRates: Codable, Sendable, Equatable {
    /// The name.
    public var name: String
    /// Its rates.
    public var rates: CacheRates
}

/// Cache hit rate of one UTC day.
public struct DailyCacheRate: Codable, Sendable, Equatable {
    /// The day (midnight UTC).
    public var day: Date
    /// `fromCache / (executed + failed + fromCache)` that day; nil when nothing needed outputs.
    public var hitRate: Double?
    /// Tasks restored from a cache that day.
    public var fromCache: Int
    /// Tasks that ran that day.
    public var executed: Int
}

extension CacheStatistics {
    /// Counts read from stored columns.
    package static func counts(
        executed: Int, failed: Int, fromCache: Int, localHits: Int, remoteHits: Int, upToDate: Int, noSource: Int, skipped: Int
    ) -> CacheStatistics {
        var statistics = CacheStatistics(tasks: [])
        statistics.executed = executed
        statistics.failed = failed
        statistics.fromCache = fromCache
        statistics.localHits = localHits
        statistics.remoteHits = remoteHits
        statistics.upToDate = upToDate
        statistics.noSource = noSource
        statistics.skipped = skipped
        return statistics
    }

    /// Adds another set of counts.
    mutating func merge(_ other: CacheStatistics) {
        executed += other.executed
        failed += other.failed
        fromCache += other.fromCache
        localHits += other.localHits
        remoteHits += other.remoteHits
        upToDate += other.upToDate
        noSource += other.noSource
        skipped += other.skipped
    }
}
