import Foundation

/// Counts to add to one protocol and namespace's traffic on one UTC day: what the hit rate
/// over time (`GET /api/v1/cache/stats/daily`, the dashboard's chart) is read from.
public struct CacheDailyDelta: Sendable, Equatable {
    /// The day's start, midnight UTC.
    public var day: Date
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var protocolName: String
    /// The namespace the requests named.
    public var namespace: String
    /// The day's counts.
    public var counts: CacheUsageDelta

    /// `counts` for `protocolName` and `namespace` on the UTC day `day` falls on.
    public init(day: Date, protocolName: String, namespace: String, counts: CacheUsageDelta) {
        self.day = Self.start(ofDayContaining: day)
        self.protocolName = protocolName
        self.namespace = namespace
        self.counts = counts
    }

    /// Midnight UTC of the day `date` falls on.
    public static func start(ofDayContaining date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }
}
