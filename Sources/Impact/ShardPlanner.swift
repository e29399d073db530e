import Foundation
import MemberwiseInit

/// Spreads test suites over shards so the shards finish together: longest suite first, each
/// onto the shard with the least expected time so far (the LPT rule, within 4/3 of optimal).
///
/// Deterministic: equal durations go in name order, equal loads to the lower shard index, so the
/// same input always yields the same plan and a rerun hits the same shards.
public struct ShardPlanner: Sendable {
    /// Seconds assumed for a suite when no suite has a known duration.
    public let defaultDuration: Double

    /// A planner; `defaultDuration` (seconds) is used only when no duration at all is known.
    public init(defaultDuration: Double = 60) {
        self.defaultDuration = defaultDuration
    }

    /// A suite to place and its recent duration in seconds (nil when never seen).
    @MemberwiseInit(.public)
    public struct Item: Sendable, Hashable {
        /// The suite's name.
        public var name: String
        /// Expected duration in seconds, nil if unknown.
        public var duration: Double?
    }

    /// One shard of a plan.
    public struct Shard: Sendable, Hashable, Codable {
        /// Zero-based shard index.
        public var index: Int
        /// Suite names in the order they were placed (longest first).
        public var suites: [String]
        /// Sum of the suites' expected durations, seconds.
        public var expectedDuration: Double
    }

    // MARK: Planning

    /// Places `items` on `shardCount` shards. A suite of unknown duration counts as the median
    /// of the known ones (or ``defaultDuration`` when none is known); a negative or non-finite
    /// duration counts as unknown. Always returns `shardCount` shards, some maybe empty.
    public func plan(_ items: [Item], shards shardCount: Int) throws(ImpactError) -> [Shard] {
        guard shardCount >= 1 else { throw .invalidShardCount(shardCount) }
        let known = items.compactMap(\.duration).filter { $0.isFinite && $0 >= 0 }
        let fallback = Self.median(known) ?? defaultDuration
        let estimated = items.map { item -> (name: String, duration: Double) in
            guard let duration = item.duration, duration.isFinite, duration >= 0 else { return (item.name, fallback) }
            return (item.name, duration)
        }.sorted { $0.duration != $1.duration ? $0.duration > $1.duration : $0.name < $1.name }

        var shards = (0..<shardCount).map { Shard(index: $0, suites: [], expectedDuration: 0) }
        for item in estimated {
            // Linear scan: shard counts are small (tens), and the scan makes the tie rule obvious.
            var target = 0
            for candidate in shards.indices where shards[candidate].expectedDuration < shards[target].expectedDuration {
                target = candidate
            }
            shards[target].suites.append(item.name)
            shards[target].expectedDuration += item.duration
        }
        return shards
    }

    /// The median of the values, or nil when there are none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
