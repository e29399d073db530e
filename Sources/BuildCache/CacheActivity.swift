import Core
import Foundation
import Logging
import Store
import Synchronization

/// What the build cache served and kept, gathered in memory and written to the store in
/// batches (``flush()``, every few seconds from ``CacheActivityFlusher`` and at shutdown):
/// a hit costs a lock and a dictionary update, never a database write on the request path.
///
/// A flush that fails keeps its counts for the next one; entry facts are kept too, up to
/// ``maxPendingEntries`` (beyond it the oldest facts are dropped and said so in the log: a
/// last-access time is a hint for eviction, not a record).
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

    /// Records into `store`, stamping accesses with `clock`.
    public init(store: any CacheStatsStore, clock: any TimeSource, logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    // MARK: Events

    /// A read answered with the entry `id` of `size` bytes (`bytesSent` of them sent: 0 for a `HEAD`).
    public func hit(_ id: CacheEntryID, size: Int64, bytesSent: Int64) {
        record(id) { $0.hits = 1; $0.bytesServed = bytesSent }
        touch(CacheEntryTouch(protocolName: id.protocol.rawValue, namespace: id.namespace, key: id.key, size: size, lastAccess: clock.now))
    }

    /// A check that `id` is kept (a `HEAD`), which found it: its last access moves, but it is
    /// no hit (ccache checks before each upload, and that is no read).
    public func probed(_ id: CacheEntryID, size: Int64) {
        touch(CacheEntryTouch(protocolName: id.protocol.rawValue, namespace: id.namespace, key: id.key, size: size, lastAccess: clock.now))
    }

    /// A read of `id`, which nothing is kept under.
    public func miss(_ id: CacheEntryID) {
        record(id) { $0.misses = 1 }
    }

    /// An upload of `size` bytes kept whole as `id`.
    public func stored(_ id: CacheEntryID, size: Int64) {
        record(id) { $0.uploads = 1; $0.bytesStored = size }
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

    private func record(_ id: CacheEntryID, _ counts: (inout CacheCounterDelta) -> Void) {
        var delta = CacheCounterDelta(protocolName: id.protocol.rawValue, namespace: id.namespace)
        counts(&delta)
        pending.withLock { batch in
            if let index = batch.counters.firstIndex(where: { $0.protocolName == delta.protocolName && $0.namespace == delta.namespace }) {
                batch.counters[index].add(delta)
            } else {
                batch.counters.append(delta)
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
            batch = CacheActivityBatch(counters: failed.counters + batch.counters, entries: entries).merged()
            return dropped
        }
        if dropped > 0 {
            logger.warning("dropped the oldest build cache entry facts while the store cannot be written", metadata: ["dropped": "\(dropped)"])
        }
    }
}
