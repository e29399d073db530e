import Core
import Foundation
import Logging
import ServiceLifecycle
import Store

/// Removes what a server stopped mid-way (killed, or the power cut) leaves behind, which
/// nothing else would ever delete: every ten minutes, in the background, never on a request's
/// path (the file work runs on the storage's thread pool, a folder at a time).
///
/// - Uploads' files left in the staging folder (`tmp/`, or `cache-incoming/` for a bucket)
///   last written over an hour ago. A bucket's staging folder is each server's own, so every
///   server sweeps its own.
/// - On the leader only (one server for a folder several share): a folder's entry files last
///   written over an hour ago that the store has no fact of, stored just before a crash whose
///   facts never reached it (they are written every few seconds): eviction reads the store, so
///   it would never delete them, and they would take room the cap does not count. A bucket is
///   never listed, so its objects are not swept.
///
/// An hour is far longer than any upload takes to write (a stalled one is cut off long before)
/// and than facts wait to be written, so nothing in use is taken.
public struct CacheSweeper: Service {
    private let storage: any CacheStorage
    private let activity: CacheActivity
    private let store: any CacheStatsStore
    private let leadership: any ClusterLeadership
    private let interval: Duration
    private let clock: any TimeSource
    private let logger: Logger

    /// How old a staged file or an unrecorded entry must be to go, in seconds.
    public static let age: TimeInterval = 3_600
    /// Keys read from the store at a time.
    static let page = 1_000

    /// Sweeps `storage` every `interval` on `clock`, and its entries unknown to `store` while
    /// `leadership` says this server leads.
    public init(
        storage: any CacheStorage, activity: CacheActivity, store: any CacheStatsStore, leadership: any ClusterLeadership,
        interval: Duration = .seconds(600), clock: any TimeSource, logger: Logger
    ) {
        self.storage = storage
        self.activity = activity
        self.store = store
        self.leadership = leadership
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    /// Sweeps until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await clock.sleep(for: interval)
                // Shutdown ends the sleep early: no pass then, whose store calls would only fail.
                guard !Task.isCancelled else { break }
                await sweepOnce()
            }
        }
    }

    /// One pass; public so tests can drive it. Returns how many files went.
    @discardableResult
    public func sweepOnce() async -> Int {
        let cutoff = clock.now.addingTimeInterval(-Self.age)
        var removed = 0
        do {
            removed += try await storage.removeStagedFiles(writtenBefore: cutoff)
        } catch {
            logger.error("build cache could not sweep its staged uploads", metadata: ["error": "\(error)"])
        }
        // The store must know every entry this server kept so far, or a recent one could look
        // unrecorded (the hour covers other servers' few seconds of pending facts).
        if leadership.isLeader, await activity.flush() {
            do {
                removed += try await storage.removeUnrecordedEntries(writtenBefore: cutoff) { await recordedEntries($0, $1) }
            } catch {
                logger.error("build cache could not sweep its unrecorded entries", metadata: ["error": "\(error)"])
            }
        }
        if removed > 0 {
            logger.info("build cache removed files a stopped server left", metadata: ["removed": "\(removed)", "storage": "\(storage)"])
        }
        return removed
    }

    /// The store's keys in `cacheProtocol`'s `namespace`, a page at a time; nil when they
    /// cannot be read (the namespace is then left alone).
    private func recordedEntries(_ cacheProtocol: CacheProtocol, _ namespace: String) async -> RecordedCacheEntries? {
        var recorded = RecordedCacheEntries()
        var after: String?
        do {
            while !Task.isCancelled {
                let keys = try await store.cacheEntryKeys(protocolName: cacheProtocol.rawValue, namespace: namespace, prefix: "", after: after, limit: Self.page)
                for key in keys { recorded.insert(key: key) }
                guard keys.count == Self.page, let last = keys.last else { return recorded }
                after = last
            }
            return nil
        } catch {
            logger.error("build cache sweep could not read a namespace's entries", metadata: [
                "protocol": "\(cacheProtocol.rawValue)", "namespace": "\(namespace)", "error": "\(error)",
            ])
            return nil
        }
    }
}
