import Foundation
import MemberwiseInit

/// Counts to add to one build's or one day's share of the build cache's traffic: the same
/// requests ``CacheCounterDelta`` adds to its protocol and namespace's totals, filed once
/// more under the build whose job made them, and under the UTC day they were made on.
@MemberwiseInit(.public)
public struct CacheUsageDelta: Sendable, Equatable {
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

    /// The part of `counter` these counts keep (evictions belong to no build or request day).
    public init(_ counter: CacheCounterDelta) {
        self = counter.usage
    }

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: CacheUsageDelta) {
        hits += other.hits
        misses += other.misses
        uploads += other.uploads
        bytesServed += other.bytesServed
        bytesStored += other.bytesStored
    }

    /// `hits / (hits + misses)`; nil without reads.
    public var hitRate: Double? {
        Self.hitRate(hits: hits, misses: misses)
    }

    /// `hits / (hits + misses)`; nil without reads: the hit rate every cache statistic gives.
    public static func hitRate(hits: Int64, misses: Int64) -> Double? {
        hits + misses > 0 ? Double(hits) / Double(hits + misses) : nil
    }

    /// Whether every count is zero (a probe or a deletion: nothing to file).
    public var isZero: Bool {
        hits == 0 && misses == 0 && uploads == 0 && bytesServed == 0 && bytesStored == 0
    }
}
