import Core
import Foundation
import Logging
import MemberwiseInit
import Store
import Synchronization

/// What the build cache served and kept, gathered in memory and written to the store in
/// batches (``flush()``, every few seconds from ``CacheActivityFlusher`` and at shutdown):
/// a hit costs a lock and a few list updates, never a database write on the request path.
///
/// Each count goes to its protocol and namespace's totals, to their UTC day's (the hit rate
/// over time), and, for a request made with a job's credential, to that job's build.
///
/// A flush that fails keeps its counts for the next one; entry facts are kept too, up to
/// ``maxPendingEntries`` (beyond it the oldest facts are dropped and said so in the log: a
/// last-access time is a hint for eviction, not a record).
@MemberwiseInit(.public)
public final class CacheActivity: Sendable {
    private let pending = Mutex(CacheActivityBatch())
    /// The latest flush. Flushes run one after another: a flush that found nothing gathered
    /// while another was still writing would otherwise return before those counts reached
    /// the store (and the statistics read after it would miss them), and two writes at once
    /// could land a deletion before the upload it follows.
    private let latestFlush = Mutex<Task<Bool, Never>?>(nil)
    private let store: any CacheStatsStore
    private let clock: any TimeSource
    private let logger: Logger
    /// Entry facts kept in memory at most while the store cannot be written.
    public static let maxPendingEntries = 100_000

    // MARK: Events

    /// A read answered with the entry `id` of `size` bytes (`bytesSent` of them sent: 0 for a
    /// `HEAD`), for a job of `build` when a job's credential made it.
    public func hit(_ id: CacheEntryID, size: Int64, bytesSent: Int64, build: Int64? = nil) {
        record(id, build: build) { $0.hits = 1; $0.bytesServed = bytesSent }
        touch(CacheEntryTouch(protocolName: id.protocol.rawValue, namespace: id.namespace, key: id.key, size: size, lastAccess: clock.now))
    }

    /// A check that `id` is kept (a `HEAD`), which found it: its last access moves, but it is
    /// no hit (ccache checks before each upload, and that is no read).
    public func probed(_ id: CacheEntryID, size: Int64) {
        touch(CacheEntryTouch(protocolName: id.protocol.rawValue, namespace: id.namespace, key: id.key, size: size, lastAccess: clock.now))
    }

    /// A read of `id`, which nothing is kept under (for a job of `build`, if one made it),
    /// counted under `namespace`: by default the entry's, ``CacheNamespaceGate/otherNamespaces``
    /// for one that holds no entries.
    public func miss(_ id: CacheEntryID, build: Int64? = nil, countedAs namespace: String? = nil) {
        record(id, namespace: namespace, build: build) { $0.misses = 1 }
    }

    /// An upload of `size` bytes kept whole as `id` (by a job of `build`, if one made it).
    public func stored(_ id: CacheEntryID, size: Int64, build: Int64? = nil) {
        record(id, build: build) { $0.uploads = 1; $0.bytesStored = size }
        touch(CacheEntryTouch(protocolName: id.protocol.rawValue, namespace: id.namespace, key: id.key, size: size, lastAccess: clock.now))
    }

    /// `id`'s entry was deleted.
    public func deleted(_ id: CacheEntryID) {
        touch(CacheEntryTouch(deletedProtocol: id.protocol.rawValue, namespace: id.namespace, key: id.key))
    }

    /// `id`'s entry was evicted to keep the cache under its size cap.
    public func evicted(_ id: CacheEntryID) {
        record(id) { $0.evictions = 1 }
        deleted(id)
    }

    private func record(_ id: CacheEntryID, namespace: String? = nil, build: Int64? = nil, _ counts: (inout CacheCounterDelta) -> Void) {
        var delta = CacheCounterDelta(protocolName: id.protocol.rawValue, namespace: namespace ?? id.namespace)
        counts(&delta)
        let usage = CacheUsageDelta(delta)
        let day = CacheDailyDelta.start(ofDayContaining: clock.now)
        pending.withLock { batch in
            if let index = batch.counters.firstIndex(where: { $0.protocolName == delta.protocolName && $0.namespace == delta.namespace }) {
                batch.counters[index].add(delta)
            } else {
                batch.counters.append(delta)
            }
            guard !usage.isZero else { return }
            if let index = batch.daily.firstIndex(where: { $0.day == day && $0.protocolName == delta.protocolName && $0.namespace == delta.namespace }) {
                batch.daily[index].counts.add(usage)
            } else {
                batch.daily.append(CacheDailyDelta(day: day, protocolName: delta.protocolName, namespace: delta.namespace, counts: usage))
            }
            guard let build else { return }
            if let index = batch.builds.firstIndex(where: { $0.buildID == build }) {
                batch.builds[index].counts.add(usage)
            } else {
                batch.builds.append(CacheBuildDelta(buildID: build, counts: usage))
            }
        }
    }

    private func touch(_ entry: CacheEntryTouch) {
        pending.withLock { batch in
            batch.entries.append(entry)
            // Keep the list short between flushes: repeated touches of one entry fold into one.
            if batch.entries.count >= 4_096, batch.entries.count.isMultiple(of: 4_096) { batch = batch.merged() }
        }
    }

    // MARK: Writing

    /// Writes what was gathered since the last flush in one transaction. A failure is logged
    /// and the batch kept for the next flush.
    /// - Returns: Whether the store has everything gathered up to the call.
    @discardableResult
    public func flush() async -> Bool {
        let flush = latestFlush.withLock { latest in
            let previous = latest
            let next = Task {
                _ = await previous?.value
                return await self.writePending()
            }
            latest = next
            return next
        }
        return await flush.value
    }

    /// Writes the batch gathered so far; on failure puts it back for the next flush.
    private func writePending() async -> Bool {
        let batch = pending.withLock { batch in
            defer { batch = CacheActivityBatch() }
            return batch.merged()
        }
        guard !batch.isEmpty else { return true }
        do {
            try await store.recordCacheActivity(batch)
            return true
        } catch {
            logger.warning("could not write the build cache's counts; kept for the next try", metadata: ["error": "\(error)"])
            restore(batch)
            return false
        }
    }

    /// Puts a batch that could not be written back before what arrived since.
    private func restore(_ failed: CacheActivityBatch) {
        let dropped = pending.withLock { batch -> Int in
            var entries = failed.entries + batch.entries
            let dropped = max(0, entries.count - Self.maxPendingEntries)
            entries.removeFirst(dropped)
            batch = CacheActivityBatch(
                counters: failed.counters + batch.counters, entries: entries, daily: failed.daily + batch.daily, builds: failed.builds + batch.builds
            ).merged()
            return dropped
        }
        if dropped > 0 {
            logger.warning("dropped the oldest build cache entry facts while the store cannot be written", metadata: ["dropped": "\(dropped)"])
        }
    }
}
