/// How a build cache request ended, as `mobile_ops_cache_requests_total` labels it.
public enum CacheOutcome: String, Sendable, CaseIterable {
    /// A read answered with the entry: a `GET`, or XCRemoteCache's `HEAD` of a marker.
    case hit
    /// A read of a key nothing is kept under (or that could not be read: a cache degrades to a miss).
    case miss
    /// Any other `HEAD` that found the entry.
    case present
    /// Any other `HEAD` that found nothing.
    case absent
    /// An upload kept whole.
    case stored
    /// An entry deleted (ccache).
    case deleted
    /// An upload refused: too large, a digest that is not its key, cut short, a bad key, past
    /// the namespace cap; or an upload or deletion with a read token (403).
    case refused
    /// An upload refused because the cache's disk is full (507).
    case full
    /// The storage failed (503 on an upload; a read that failed this way is answered as a miss).
    case failed
}
