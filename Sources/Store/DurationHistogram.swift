import Foundation

/// A fixed log-scale histogram of durations, kept in the daily rollup so percentiles over any
/// window come from a few hundred rollup rows instead of a million build rows.
///
/// Bucket 0 holds values below 0.1 s; bucket `k ≥ 1` holds `[0.1·1.1^(k-1), 0.1·1.1^k)`.
/// A percentile is answered with its bucket's geometric midpoint, so the **relative error is
/// at most √1.1 − 1 ≈ 4.9 %** (values below 0.1 s are answered as 0.05 s). The last bucket
/// (index 200, ≈ 17 million seconds) also takes anything larger.
///
/// Stored sparse as 5-byte pairs (bucket index, little-endian UInt32 count): a day of one
/// pipeline rarely touches more than a few dozen buckets.
public struct DurationHistogram: Sendable, Equatable {
    /// Growth factor between bucket bounds.
    public static let ratio = 1.1
    /// Upper bound of bucket 0, in seconds.
    public static let floor = 0.1
    /// Highest bucket index.
    public static let maxBucket = 200
    /// The largest relative error of a percentile read from the histogram.
    public static let maxRelativeError = ratio.squareRoot() - 1

    /// Count per bucket index (dense, `maxBucket + 1` entries).
    public private(set) var counts: [UInt32]

    /// An empty histogram.
    public init() {
        counts = Array(repeating: 0, count: Self.maxBucket + 1)
    }

    // MARK: Adding

    /// The bucket a value falls in; negative and non-finite values count as 0.
    public static func bucket(for seconds: Double) -> Int {
        guard seconds.isFinite, seconds >= floor else { return 0 }
        // Logs subtracted rather than divided first: `seconds / floor` can overflow to infinity.
        let position = ((log(seconds) - log(floor)) / log(ratio)).rounded(.down)
        guard position.isFinite, position < Double(maxBucket) else { return maxBucket }
        return max(Int(position) + 1, 1)
    }

    /// The value reported for a bucket: its geometric midpoint.
    public static func representative(of bucket: Int) -> Double {
        guard bucket > 0 else { return floor / 2 }
        return floor * pow(ratio, Double(bucket - 1)) * ratio.squareRoot()
    }

    /// Counts one value.
    public mutating func add(_ seconds: Double) {
        counts[Self.bucket(for: seconds)] &+= 1
    }

    /// Adds every count of `other`.
    public mutating func merge(_ other: DurationHistogram) {
        for index in counts.indices where other.counts[index] > 0 { counts[index] &+= other.counts[index] }
    }

    /// Values counted.
    public var total: Int { counts.reduce(0) { $0 + Int($1) } }

    // MARK: Reading

    /// The nearest-rank percentile `p` (0–100] as its bucket's midpoint; nil when empty.
    public func percentile(_ p: Double) -> Double? {
        let total = total
        guard total > 0 else { return nil }
        let rank = max(1, min(total, Int((min(max(p, 0), 100) / 100 * Double(total)).rounded(.up))))
        var seen = 0
        for (index, count) in counts.enumerated() where count > 0 {
            seen += Int(count)
            if seen >= rank { return Self.representative(of: index) }
        }
        return nil
    }

    // MARK: Storage

    /// The sparse blob stored in the rollup.
    public var encoded: Data {
        var data = Data()
        data.reserveCapacity(64)
        for (index, count) in counts.enumerated() where count > 0 {
            data.append(UInt8(index))
            withUnsafeBytes(of: count.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Reads a stored blob; unreadable trailing bytes are ignored rather than failing a query.
    public init(encoded data: Data?) {
        self.init()
        add(encoded: data)
    }

    /// Adds the counts of a stored blob in place (summing many rollup rows allocates nothing).
    public mutating func add(encoded data: Data?) {
        guard let data else { return }
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset + 5 <= raw.count {
                let index = Int(raw[offset])
                let count = UInt32(raw[offset + 1]) | UInt32(raw[offset + 2]) << 8 | UInt32(raw[offset + 3]) << 16 | UInt32(raw[offset + 4]) << 24
                if index <= Self.maxBucket { counts[index] &+= count }
                offset += 5
            }
        }
    }
}
