import Store
import Synchronization

/// The cap on how many namespaces hold entries (`MOBILE_OPS_CACHE_MAX_NAMESPACES`): an upload
/// into a namespace that holds none is refused once the cap is reached.
///
/// The namespaces known to hold entries are kept in memory, so an upload into one of them
/// costs nothing; only an upload into another one reads the store (after writing this
/// server's pending counts), and is let in while the store's count is under the cap. Servers
/// of a cluster each check the store, which they update every few seconds: two starting new
/// namespaces at the same moment may go one past the cap.
public final class CacheNamespaceGate: Sendable {
    /// The cap; nil lets every namespace in.
    public let maxNamespaces: Int?
    private let store: any CacheStatsStore
    private let activity: CacheActivity
    private let known = Mutex<Set<String>>([])

    /// Caps at `maxNamespaces`, counting the namespaces `store` holds entries in.
    public init(maxNamespaces: Int?, store: any CacheStatsStore, activity: CacheActivity) {
        self.maxNamespaces = maxNamespaces
        self.store = store
        self.activity = activity
    }

    /// Lets an upload into `namespace` through, or refuses it.
    /// - Throws: ``CacheRequestError/namespaceLimit(_:)`` past the cap;
    ///   ``CacheRequestError/unavailable(_:)`` when the store cannot be read.
    public func admit(_ namespace: String) async throws(CacheRequestError) {
        guard let maxNamespaces, !known.withLock({ $0.contains(namespace) }) else { return }
        await activity.flush()
        let holding: Set<String>
        do {
            holding = Set(try await store.cacheStatistics().filter { $0.entries > 0 }.map(\.namespace))
        } catch {
            throw .unavailable("cannot count the cache's namespaces: \(error)")
        }
        let admitted = known.withLock { known -> Bool in
            known = holding
            guard holding.contains(namespace) || holding.count < maxNamespaces else { return false }
            known.insert(namespace)
            return true
        }
        guard admitted else { throw .namespaceLimit(maxNamespaces) }
    }
}
