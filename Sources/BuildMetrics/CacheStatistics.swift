import Foundation

/// How well build caches worked for a set of tasks.
///
/// **Hit rate** = `fromCache / (executed + failed + fromCache)`: of the tasks that had to
/// produce outputs, the share a cache produced. `upToDate`, `noSource` and `skipped` tasks are
/// **excluded**: they needed no cache (Gradle Develocity likewise separates up-to-date
/// "avoidance" from cache hits). A failed task ran, so it is a miss. ``avoidanceRate`` counts
/// up-to-date tasks as avoided work too, for the "how much did not run" view.
public struct CacheStatistics: Codable, Sendable, Equatable {
    /// Tasks that ran.
    public var executed: Int
    /// Tasks that ran and failed.
    public var failed: Int
    /// Tasks restored from a cache.
    public var fromCache: Int
    /// Of those, from a local cache.
    public var localHits: Int
    /// Of those, from a remote cache.
    public var remoteHits: Int
    /// Tasks whose outputs were already current.
    public var upToDate: Int
    /// Tasks with no inputs.
    public var noSource: Int
    /// Tasks not run.
    public var skipped: Int

    /// Counts the outcomes of `tasks`.
    public init<Tasks: Sequence>(tasks: Tasks) where Tasks.Element == TaskRecord {
        executed = 0; failed = 0; fromCache = 0; localHits = 0; remoteHits = 0; upToDate = 0; noSource = 0; skipped = 0
        for task in tasks { add(task) }
    }

    /// Adds one task.
    public mutating func add(_ task: TaskRecord) {
        switch task.outcome {
        case .executed: executed += 1
        case .failed: failed += 1
        case .upToDate: upToDate += 1
        case .noSource: noSource += 1
        case .skipped: skipped += 1
        case .fromCache:
            fromCache += 1
            if task.cacheKind == .local { localHits += 1 }
            if task.cacheKind == .remote { remoteHits += 1 }
        }
    }

    // MARK: Rates

    /// `fromCache / (executed + failed + fromCache)`; nil when no task needed outputs.
    public var hitRate: Double? {
        let needed = executed + failed + fromCache
        return needed > 0 ? Double(fromCache) / Double(needed) : nil
    }

    /// Share of cacheable work served by the local cache (nil when nothing needed outputs).
    public var localHitRate: Double? {
        let needed = executed + failed + fromCache
        return needed > 0 ? Double(localHits) / Double(needed) : nil
    }

    /// Share of cacheable work served by the remote cache (nil when nothing needed outputs).
    public var remoteHitRate: Double? {
        let needed = executed + failed + fromCache
        return needed > 0 ? Double(remoteHits) / Double(needed) : nil
    }

    /// `(fromCache + upToDate) / (executed + failed + fromCache + upToDate)`: work not redone.
    public var avoidanceRate: Double? {
        let total = executed + failed + fromCache + upToDate
        return total > 0 ? Double(fromCache + upToDate) / Double(total) : nil
    }
}

/// Cache statistics of one task (or target) across many builds, for "tasks that miss most".
public struct TaskCacheStatistics: Codable, Sendable, Equatable {
    /// The task path or target name.
    public var name: String
    /// Its counts across the builds given.
    public var statistics: CacheStatistics
    /// Misses: executions and failures.
    public var misses: Int { statistics.executed + statistics.failed }

    /// Per-task statistics over all `tasks`, the most-missing first (ties by name, so the
    /// order is deterministic); at most `limit` entries.
    public static func byTask<Tasks: Sequence>(_ tasks: Tasks, limit: Int = .max) -> [TaskCacheStatistics] where Tasks.Element == TaskRecord {
        var table: [String: CacheStatistics] = [:]
        for task in tasks { table[task.name, default: CacheStatistics(tasks: [])].add(task) }
        let rows = table.map { TaskCacheStatistics(name: $0.key, statistics: $0.value) }
        return Array(rows.sorted { ($0.misses, $1.name) > ($1.misses, $0.name) }.prefix(max(0, limit)))
    }
}
