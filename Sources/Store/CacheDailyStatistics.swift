import Foundation

/// One protocol and namespace's traffic on one UTC day, as `GET /api/v1/cache/stats/daily`
/// answers it: the build cache's own hit rate over time.
public struct CacheDailyStatistics: Codable, Sendable, Equatable {
    /// The day's start, midnight UTC.
    public var day: Date
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var `protocol`: String
    /// The namespace.
    public var namespace: String
    /// Reads answered with an entry.
    public var hits: Int64
    /// Reads of a key nothing was kept under.
    public var misses: Int64
    /// Entries stored whole.
    public var uploads: Int64
    /// Bytes sent to clients.
    public var bytesServed: Int64
    /// Bytes received and stored.
    public var bytesStored: Int64
    /// `hits / (hits + misses)`; nil on a day without reads.
    public var hitRate: Double?

    /// The day's counts, with the hit rate worked out from them.
    public init(day: Date, protocol protocolName: String, namespace: String, counts: CacheUsageDelta) {
        self.day = day
        self.protocol = protocolName
        self.namespace = namespace
        self.hits = counts.hits
        self.misses = counts.misses
        self.uploads = counts.uploads
        self.bytesServed = counts.bytesServed
        self.bytesStored = counts.bytesStored
        self.hitRate = counts.hitRate
    }
}
