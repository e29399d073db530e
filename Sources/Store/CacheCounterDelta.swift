/// Counts to add to one protocol and namespace's totals: the requests' counts (`usage`, read
/// through the delta as `delta.hits` etc.) and the evictions, which belong to no build or day.
@dynamicMemberLookup
public struct CacheCounterDelta: Sendable, Equatable {
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var protocolName: String
    /// The namespace the requests named.
    public var namespace: String
    /// Hits, misses, uploads and bytes both ways: what is also filed under a build and a day.
    public var usage = CacheUsageDelta()
    /// Entries evicted to keep the cache under its size cap.
    public var evictions: Int64 = 0

    /// Zero counts for `protocolName` and `namespace`.
    public init(protocolName: String, namespace: String) {
        self.protocolName = protocolName
        self.namespace = namespace
    }

    /// A count of `usage`: `delta.hits` is `delta.usage.hits`.
    public subscript(dynamicMember count: WritableKeyPath<CacheUsageDelta, Int64>) -> Int64 {
        get { usage[keyPath: count] }
        set { usage[keyPath: count] = newValue }
    }

    /// Adds `other`'s counts (same protocol and namespace) to these.
    public mutating func add(_ other: CacheCounterDelta) {
        usage.add(other.usage)
        evictions += other.evictions
    }
}
