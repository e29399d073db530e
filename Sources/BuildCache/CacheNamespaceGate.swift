import Core
import Foundation
import Logging
import MemberwiseInit
import Store
import Synchronization

/// The namespaces that hold entries, as far as this server knows: the cap on how many may
/// (`MOBILE_OPS_CACHE_MAX_NAMESPACES`), and the name a request that found or kept nothing is
/// counted under.
///
/// The namespaces known to hold entries are kept in memory, so an upload into one of them
/// costs nothing; only an upload into another one reads the store (after writing this
/// server's pending counts), and is let in while the store's count is under the cap. Servers
/// of a cluster each check the store, which they update every few seconds: two starting new
/// namespaces at the same moment may go one past the cap. An upload the store cannot be read
/// for goes in, logged: Gradle turns its remote cache off for the whole build on a 5xx.
///
/// A namespace is free text any read token may name, so a miss in one that holds no entries is
/// counted under ``otherNamespaces``: made-up namespaces add no row to the totals or the days
/// and no Prometheus series each. Namespaces are learnt from this server's uploads and hits at
/// once, and from the store (other servers' uploads) at most every ``refreshInterval``.
@MemberwiseInit(.public)
public final class CacheNamespaceGate: Sendable {
    /// What a request in a namespace that holds no entries is counted under: no namespace can
    /// be named so (parentheses are not allowed in one).
    public static let otherNamespaces = "(other)"
    /// How often, at most, the store is read for the namespaces other servers filled, in seconds.
    public static let refreshInterval: TimeInterval = 10

    /// The cap; nil lets every namespace in.
    public let maxNamespaces: Int?
    private let store: any CacheStatsStore
    private let activity: CacheActivity
    private let clock: any TimeSource
    private let logger: Logger

    private struct Known {
        /// Namespaces holding entries: the store's, with this server's since.
        var namespaces: Set<String> = []
        /// When the store was last read for them.
        var readAt: Date?
        /// Whether a request is reading them now (others do not wait for it).
        var reading = false
    }

    private let known = Mutex(Known())

    /// Lets an upload into `namespace` through, or refuses it. When the store cannot be read,
    /// the upload is let through and the failure logged (reads need no store either).
    /// - Throws: ``CacheRequestError/namespaceLimit(_:)`` past the cap.
    public func admit(_ namespace: String) async throws(CacheRequestError) {
        guard let maxNamespaces, !known.withLock({ $0.namespaces.contains(namespace) }) else { return }
        await activity.flush()
        let holding: Set<String>
        do {
            holding = try await holdingNamespaces()
        } catch {
            logger.warning("build cache could not count its namespaces; the upload is let in unchecked", metadata: [
                "namespace": "\(namespace)", "error": "\(error)",
            ])
            return
        }
        let now = clock.now
        let admitted = known.withLock { known -> Bool in
            known.namespaces = holding
            known.readAt = now
            guard holding.contains(namespace) || holding.count < maxNamespaces else { return false }
            known.namespaces.insert(namespace)
            return true
        }
        guard admitted else { throw .namespaceLimit(maxNamespaces) }
    }

    /// Notes that `namespace` holds an entry: one was just stored there or read from it.
    public func holdsEntries(_ namespace: String) {
        known.withLock { _ = $0.namespaces.insert(namespace) }
    }

    /// The name a request in `namespace` that found or kept nothing is counted under: the
    /// namespace's own when it holds entries, else ``otherNamespaces``. An unknown namespace
    /// reads the store when it was last read ``refreshInterval`` ago or more (one request at a
    /// time; others meanwhile are answered from what is known).
    public func label(for namespace: String) async -> String {
        let now = clock.now
        let reads = known.withLock { known -> Bool? in
            if known.namespaces.contains(namespace) { return nil }
            let stale = known.readAt.map { now.timeIntervalSince($0) >= Self.refreshInterval } ?? true
            guard stale, !known.reading else { return false }
            known.reading = true
            return true
        }
        guard let reads else { return namespace }
        guard reads else { return Self.otherNamespaces }
        // A store that cannot be read is tried again after the interval, not at each request.
        let holding = try? await holdingNamespaces()
        let found = known.withLock { known -> Bool in
            known.reading = false
            known.readAt = now
            // Added to, never replaced: this server's uploads since the store was written stay.
            if let holding { known.namespaces.formUnion(holding) }
            return known.namespaces.contains(namespace)
        }
        return found ? namespace : Self.otherNamespaces
    }

    /// The namespaces the store holds entries in.
    private func holdingNamespaces() async throws(StoreError) -> Set<String> {
        Set(try await store.cacheStatistics().filter { $0.entries > 0 }.map(\.namespace))
    }
}
