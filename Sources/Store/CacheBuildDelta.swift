import MemberwiseInit

/// Counts to add to one build's build-cache traffic: the requests its jobs made with the
/// credential in their `MOBILE_OPS_CACHE_URL`.
@MemberwiseInit(.public)
public struct CacheBuildDelta: Sendable, Equatable {
    /// The build.
    public var buildID: Int64
    /// Its counts.
    public var counts: CacheUsageDelta
}
