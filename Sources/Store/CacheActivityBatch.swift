import Foundation
import MemberwiseInit

/// What the build cache served and kept since the last flush, to be added to the store in
/// one transaction: counts per protocol and namespace (in total and per UTC day), per build
/// whose job made the requests, and the newest size and last access of each entry touched.
/// The server gathers it in memory (`CacheActivity` in BuildCache) so that a hit never costs a
/// database write on the request path.
@MemberwiseInit(.public)
public struct CacheActivityBatch: Sendable, Equatable {
    /// Counts to add, one per protocol and namespace.
    public var counters: [CacheCounterDelta] = []
    /// Entries stored or read (their size and last access), or deleted.
    public var entries: [CacheEntryTouch] = []
    /// Counts to add per UTC day, protocol and namespace.
    public var daily: [CacheDailyDelta] = []
    /// Counts to add per build.
    public var builds: [CacheBuildDelta] = []

    /// Whether there is nothing to write.
    public var isEmpty: Bool { counters.isEmpty && entries.isEmpty && daily.isEmpty && builds.isEmpty }
}

extension CacheActivityBatch {
    /// The same batch with one counter per protocol and namespace (their counts added), one
    /// per day, protocol and namespace, one per build, and one touch per entry (the last one,
    /// with the latest access of all): one upsert may change a row once only.
    public func merged() -> CacheActivityBatch {
        var counters: [String: CacheCounterDelta] = [:]
        var counterOrder: [String] = []
        for counter in self.counters {
            let key = counter.protocolName + "\u{0}" + counter.namespace
            if counters[key] == nil { counterOrder.append(key) }
            counters[key, default: CacheCounterDelta(protocolName: counter.protocolName, namespace: counter.namespace)].add(counter)
        }
        var daily: [String: CacheDailyDelta] = [:]
        var dailyOrder: [String] = []
        for delta in self.daily {
            let key = "\(delta.day.timeIntervalSince1970)\u{0}\(delta.protocolName)\u{0}\(delta.namespace)"
            if daily[key] == nil {
                dailyOrder.append(key)
                daily[key] = delta
            } else {
                daily[key]?.counts.add(delta.counts)
            }
        }
        var builds: [Int64: CacheUsageDelta] = [:]
        var buildOrder: [Int64] = []
        for delta in self.builds {
            if builds[delta.buildID] == nil { buildOrder.append(delta.buildID) }
            builds[delta.buildID, default: CacheUsageDelta()].add(delta.counts)
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
        return CacheActivityBatch(
            counters: counterOrder.compactMap { counters[$0] }, entries: entryOrder.compactMap { entries[$0] },
            daily: dailyOrder.compactMap { daily[$0] },
            builds: buildOrder.compactMap { id in builds[id].map { CacheBuildDelta(buildID: id, counts: $0) } })
    }
}
