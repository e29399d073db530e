import Foundation

// MARK: - What the CLI reads of the metrics answers

/// The parts of `GET /api/v1/metrics/summary` the table shows (`--json` prints everything).
struct SummaryView: Decodable {
    struct Window: Decodable { var start: Date; var end: Date; var days: Int }
    struct Percentiles: Decodable { var p50: Double; var p90: Double; var p95: Double }
    struct Statistics: Decodable {
        var count: Int
        var successRate: Double?
        var queue: Percentiles?
        var run: Percentiles?
        var total: Percentiles?
    }
    struct Change: Decodable { var runP50Percent: Double?; var totalP50Percent: Double?; var countPercent: Double? }
    struct Group: Decodable { var key: String?; var current: Statistics; var previous: Statistics; var change: Change }
    struct Period: Decodable { var start: Date; var hours: Double; var builds: Int }
    struct Waiting: Decodable {
        var totalHours: Double
        var waitedBuilds: Int
        var perDay: [Period]
        var speedupPercent: Double?
        var hoursSavedPerMonth: Double?
    }
    var window: Window
    var groups: [Group]
    var waiting: Waiting
}

/// The parts of `GET /api/v1/metrics/cache` the tables show.
struct CacheView: Decodable {
    struct Counts: Decodable { var executed: Int; var failed: Int; var fromCache: Int; var upToDate: Int }
    struct Rates: Decodable {
        var counts: Counts
        var hitRate: Double?
        var localHitRate: Double?
        var remoteHitRate: Double?
        var misses: Int
    }
    struct Named: Decodable { var name: String; var rates: Rates }
    struct Day: Decodable { var day: Date; var hitRate: Double? }
    var overall: Rates
    var byBuildSystem: [Named]
    var trend: [Day]
    var byTask: [Named]
}

/// `GET /api/v1/metrics/regressions`.
struct RegressionsView: Decodable {
    struct Regression: Decodable {
        var id: Int64
        var seriesKey: String
        var metric: String
        var detectedAt: Date
        var baselineMedian: Double
        var recentMedian: Double
        var changePercent: Double
        var resolvedAt: Date?
    }
    var regressions: [Regression]
}

// MARK: - Formatting

/// Numbers for the metrics tables.
enum MetricsFormatting {
    /// `0.16s`, `4.2s`, `42s`, `3m 05s`, `1h 02m`: fast builds keep their fraction.
    static func seconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        if value < 1 { return String(format: "%.2fs", max(0, value)) }
        if value < 10 { return String(format: "%.1fs", value) }
        let total = Int(min(value, 1e12).rounded())
        if total < 60 { return "\(total)s" }
        if total < 3600 { return String(format: "%dm %02ds", total / 60, total % 60) }
        return String(format: "%dh %02dm", total / 3600, (total % 3600) / 60)
    }

    /// A percentile read from the server's duration histogram, whose lowest bucket holds
    /// everything under 0.1 s (answered as 0.05 s): `<0.1s` rather than a made-up `0.05s`.
    static func percentile(_ value: Double?) -> String {
        guard let value, value.isFinite, value < histogramFloor else { return seconds(value) }
        return "<0.1s"
    }

    /// The upper bound of the server's lowest duration bucket (`Store.DurationHistogram.floor`).
    static let histogramFloor = 0.1

    /// `87.5%` for a 0…1 rate.
    static func rate(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.1f%%", value * 100)
    }

    /// `+12%` / `-3%` for a change in percent.
    static func change(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%+.0f%%", value)
    }

    /// A query string of the non-nil pairs, values escaped.
    static func query(_ pairs: [(String, String?)]) -> String {
        let present = pairs.compactMap { name, value in value.map { "\(name)=\(BuildFormatting.escape($0))" } }
        return present.isEmpty ? "" : "?" + present.joined(separator: "&")
    }
}
