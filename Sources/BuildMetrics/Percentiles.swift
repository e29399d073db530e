import Foundation

/// Percentiles by the **nearest-rank** method: the p-th percentile of n sorted values is the
/// value at 1-based rank ⌈p/100 · n⌉. It always returns a value that was observed (a real
/// build's time), needs no interpolation, and is easy to check by hand.
///
/// ``median(_:)`` is different on purpose: regression detection uses the classical median (the
/// mean of the two middle values for an even count), which is symmetric and so steadier when
/// comparing two windows.
public enum Percentiles {
    /// The nearest-rank percentile `p` (0–100] of `sorted` (ascending); nil when empty.
    public static func nearestRank(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty, p > 0 else { return sorted.first }
        guard p < 100 else { return sorted.last }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The classical median of `values` (any order); nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// p50/p90/p95 of a set of durations (nearest rank), with count and mean.
public struct Distribution: Codable, Sendable, Equatable {
    /// How many values.
    public var count: Int
    /// Median (nearest rank).
    public var p50: Double
    /// 90th percentile (nearest rank).
    public var p90: Double
    /// 95th percentile (nearest rank).
    public var p95: Double
    /// Arithmetic mean.
    public var mean: Double
    /// Largest value.
    public var max: Double

    /// Summarises `values`; nil when there are none (or none finite).
    public init?(_ values: [Double]) {
        let sorted = values.filter(\.isFinite).sorted()
        guard let p50 = Percentiles.nearestRank(sorted, 50), let p90 = Percentiles.nearestRank(sorted, 90),
              let p95 = Percentiles.nearestRank(sorted, 95), let max = sorted.last else { return nil }
        count = sorted.count
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.max = max
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }
}
