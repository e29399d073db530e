import Foundation

/// What the build cache served and kept since the last flush, to be added to the store in
/// one transaction: counts per protocol and namespace, and the newest size and last access
/// of each entry touched. The server gathers it in memory (`CacheActivity` in BuildCache) so
/// that a hit never costs a database write on the request path.
public struct CacheActivityBatch: Sendable, Equatable {
    /// Counts to add, one per protocol and namespace.
    public var counters: [CacheCounterDelta]
    /// Entries stored or read (their size and last access), or deleted.
    public var entries: [CacheEntryTouch]

    /// A batch of `counters` and `entries`.
    public init(counters: [CacheCounterDelta] = [], entries: [CacheEntryTouch] = []) {
        self.counters = counters
        self.entries = entries
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { counters.isEmpty && entries.isEmpty }
}

/// Counts to add to one protocol and namespace's totals.
public struct CacheCounterDelta: Sendable, Equatable {
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var protocolName: String
    /// The namespace the requests named.
    public var namespace: String
    /// Reads answered with an entry.
    public var hits: Int64 = 0
    /// Reads of a key nothing is kept under.
    public var misses: Int64 = 0
    /// Entries stored whole.
    public var uploads: Int64 = 0
    /// Bytes of entries sent to clients.
    public var bytesServed: Int64 = 0
    /// Bytes of entries stored.
    public var bytesStored: Int64 = 0
    /// Entries evicted to keep the cache under its size cap.
    public var evictions: Int64 = 0

    /// Zero counts for `protocolName` and `namespace`.
    public init(protocolName: String, namespace: String) {
        self.protocolName = protocolName
        self.namespace = namespace
    }

    /// Adds `other`'s counts (same protocol and namespace) to these.
    public mutating func add(_ other: CacheCounterDelta) {
        hits += other.hits
        misses += other.misses
        uploads += other.uploads
        bytesServed += other.bytesServed
        bytesStored += other.bytesStored
        evictions += other.evictions
    }
}

/// The newest fact about one entry: kept with this size, last read or written at this time;
/// or deleted.
public struct CacheEntryTouch: Sendable, Equatable {
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var protocolName: String
    /// The entry's namespace.
    public var namespace: String
    /// The entry's key within the namespace (`ac/<sha256>`, a Gradle key, a ccache path).
    public var key: String
    /// Its size in bytes and last access; nil when the entry was deleted.
    public var kept: (size: Int64, lastAccess: Date)?

    /// A touch of an entry kept with `size` bytes, last accessed at `lastAccess`.
    public init(protocolName: String, namespace: String, key: String, size: Int64, lastAccess: Date) {
        self.protocolName = protocolName
        self.namespace = namespace
        self.key = key
        self.kept = (size, lastAccess)
    }

    /// The entry was deleted.
    public init(deletedProtocol protocolName: String, namespace: String, key: String) {
        self.protocolName = protocolName
        self.namespace = namespace
        self.key = key
        self.kept = nil
    }

    /// Equal when they name the same entry with the same facts.
    public static func == (lhs: CacheEntryTouch, rhs: CacheEntryTouch) -> Bool {
        lhs.protocolName == rhs.protocolName && lhs.namespace == rhs.namespace && lhs.key == rhs.key
            && lhs.kept?.size == rhs.kept?.size && lhs.kept?.lastAccess == rhs.kept?.lastAccess
    }
}

extension CacheActivityBatch {
    /// The same batch with one counter per protocol and namespace (their counts added) and
    /// one touch per entry (the last one, with the latest access of all): one upsert may
    /// change a row once only.
    public func merged() -> CacheActivityBatch {
        var counters: [String: CacheCounterDelta] = [:]
        var counterOrder: [String] = []
        for counter in self.counters {
            let key = counter.protocolName + "\u{0}" + counter.namespace
            if counters[key] == nil { counterOrder.append(key) }
            counters[key, default: CacheCounterDelta(protocolName: counter.protocolName, namespace: counter.namespace)].add(counter)
        }
        var entries: [String: CacheEntryTouch] = [:]
        var entryOrder: [String] = []
        for entry in self.entries {
            let key = entry.protocolName + "\u{0}" + entry.namespace + "\u{0}" + entry.key
            if entries[key] == nil { entryOrder.append(key) }
            var latest = entry
            if let earlier = entries[key]?.kept, let kept = entry.kept, earlier.lastAccess > kept.lastAccess {
                latest.kept = (kept.size, earlier.lastAccess)
            }
            entries[key] = latest
        }
        return CacheActivityBatch(counters: counterOrder.compactMap { counters[$0] }, entries: entryOrder.compactMap { entries[$0] })
    }
}
