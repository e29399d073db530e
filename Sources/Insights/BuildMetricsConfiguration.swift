import BuildMetrics
import Core
import Foundation
import Store

/// Settings of build metrics: retention, regression detection and where
/// regression announcements go. Read from the environment by ``fromEnvironment(_:)``.
public struct BuildMetricsConfiguration: Sendable, Equatable {
    /// Days detail rows (builds, steps, tasks, tests) are kept; rollups are kept forever
    /// (`MOBILE_OPS_METRICS_RETENTION_DAYS`, default 90, 1…3650). Regression detection reads
    /// the detail of its baseline + recent windows, so keep this above 17 days.
    public var retentionDays: Int = 90
    /// A URL that receives each regression as a JSON POST (`MOBILE_OPS_NOTIFY_WEBHOOK_URL`).
    /// Unset: regression messages are marked delivered with a note, so they never pile up as dead.
    public var notifyWebhookURL: String?
    /// Regression rules (`MOBILE_OPS_REGRESSION_THRESHOLD_PERCENT`, `…_CACHE_THRESHOLD_PERCENT`,
    /// `…_MIN_SAMPLES`, `…_BASELINE_DAYS`, `…_RECENT_DAYS`).
    public var regression = RegressionSettings()
    /// Seconds between regression evaluations (`MOBILE_OPS_REGRESSION_INTERVAL_SECONDS`, default 600).
    public var regressionIntervalSeconds: Double = 600
    /// Seconds between retention passes (one hour).
    public var pruneIntervalSeconds: Double = 3_600
    /// Most detail builds deleted per transaction while pruning, so ingest is never blocked long.
    public var pruneBatch: Int = 1_000

    /// The defaults.
    public init() {}

    // MARK: Environment

    /// Reads the `MOBILE_OPS_METRICS_*`, `MOBILE_OPS_REGRESSION_*` and
    /// `MOBILE_OPS_NOTIFY_WEBHOOK_URL` variables; unset or blank ones keep the defaults.
    /// - Throws: `ConfigurationError` naming the variable with a bad value.
    public static func fromEnvironment(_ environment: [String: String]) throws(ConfigurationError) -> BuildMetricsConfiguration {
        var configuration = BuildMetricsConfiguration()
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        func number(_ name: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> Double? {
            guard let text = value(name) else { return nil }
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw ConfigurationError(setting: name, message: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return number
        }
        if let days = try number("MOBILE_OPS_METRICS_RETENTION_DAYS", in: 1...3650) { configuration.retentionDays = Int(days) }
        if let url = value("MOBILE_OPS_NOTIFY_WEBHOOK_URL") {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw ConfigurationError(setting: "MOBILE_OPS_NOTIFY_WEBHOOK_URL", message: "MOBILE_OPS_NOTIFY_WEBHOOK_URL must be an http(s) URL, not '\(url)'")
            }
            configuration.notifyWebhookURL = url
        }
        if let percent = try number("MOBILE_OPS_REGRESSION_THRESHOLD_PERCENT", in: 1...1000) { configuration.regression.duration.thresholdPercent = percent }
        if let percent = try number("MOBILE_OPS_REGRESSION_CACHE_THRESHOLD_PERCENT", in: 1...100) { configuration.regression.cacheHitRate.thresholdPercent = percent }
        if let samples = try number("MOBILE_OPS_REGRESSION_MIN_SAMPLES", in: 1...10_000) {
            configuration.regression.duration.minimumSamples = Int(samples)
            configuration.regression.cacheHitRate.minimumSamples = Int(samples)
        }
        if let days = try number("MOBILE_OPS_REGRESSION_BASELINE_DAYS", in: 1...90) {
            configuration.regression.duration.baselineSeconds = days * 86_400
            configuration.regression.cacheHitRate.baselineSeconds = days * 86_400
        }
        if let days = try number("MOBILE_OPS_REGRESSION_RECENT_DAYS", in: 1...30) {
            configuration.regression.duration.recentSeconds = days * 86_400
            configuration.regression.cacheHitRate.recentSeconds = days * 86_400
        }
        if let seconds = try number("MOBILE_OPS_REGRESSION_INTERVAL_SECONDS", in: 10...86_400) { configuration.regressionIntervalSeconds = seconds }
        return configuration
    }
}
