/// One build's build-cache traffic (`GET /api/v1/builds/{id}/cache`): the requests its jobs
/// made with the credential of their `MOBILE_OPS_CACHE_URL`, every protocol together.
public struct CacheBuildStatistics: Codable, Sendable, Equatable {
    /// The build.
    public var buildID: Int64
    /// Reads answered with an entry.
    public var hits: Int64
    /// Reads of a key nothing was kept under.
    public var misses: Int64
    /// Entries stored whole.
    public var uploads: Int64
    /// Bytes sent to the build's jobs.
    public var bytesServed: Int64
    /// Bytes the build's jobs stored.
    public var bytesStored: Int64
    /// `hits / (hits + misses)`; nil before the build's first read.
    public var hitRate: Double?

    /// The build's counts (zeros for a build that used no cache), with the hit rate.
    public init(buildID: Int64, counts: CacheUsageDelta) {
        self.buildID = buildID
        self.hits = counts.hits
        self.misses = counts.misses
        self.uploads = counts.uploads
        self.bytesServed = counts.bytesServed
        self.bytesStored = counts.bytesStored
        self.hitRate = counts.hitRate
    }
}
