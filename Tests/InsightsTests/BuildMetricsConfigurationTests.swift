import BuildMetrics
import Core
import Insights
import Store
import Testing

/// Build-metrics settings come from the environment; a bad value stops the start with the
/// variable's name, blank ones keep the defaults.
@Suite("Build-metrics settings from the environment")
struct BuildMetricsConfigurationTests {
    @Test("an empty or blank environment keeps the defaults")
    func defaults() throws {
        #expect(try BuildMetricsConfiguration.fromEnvironment([:]) == BuildMetricsConfiguration())
        #expect(try BuildMetricsConfiguration.fromEnvironment(["MOBILE_OPS_METRICS_RETENTION_DAYS": "  "]) == BuildMetricsConfiguration())
    }

    @Test("given values are applied to every rule they concern")
    func values() throws {
        let configuration = try BuildMetricsConfiguration.fromEnvironment([
            "MOBILE_OPS_METRICS_RETENTION_DAYS": "30",
            "MOBILE_OPS_NOTIFY_WEBHOOK_URL": "https://chat.example.com/hook",
            "MOBILE_OPS_REGRESSION_MIN_SAMPLES": "12",
            "MOBILE_OPS_REGRESSION_RECENT_DAYS": "2",
        ])
        #expect(configuration.retentionDays == 30)
        #expect(configuration.notifyWebhookURL == "https://chat.example.com/hook")
        #expect(configuration.regression.duration.minimumSamples == 12)
        #expect(configuration.regression.cacheHitRate.minimumSamples == 12)
        #expect(configuration.regression.duration.recentSeconds == 2 * 86_400)
    }

    @Test("a value out of range or of the wrong kind names its variable", arguments: [
        ("MOBILE_OPS_METRICS_RETENTION_DAYS", "0"),
        ("MOBILE_OPS_METRICS_RETENTION_DAYS", "ninety"),
        ("MOBILE_OPS_REGRESSION_CACHE_THRESHOLD_PERCENT", "150"),
        ("MOBILE_OPS_REGRESSION_INTERVAL_SECONDS", "nan"),
        ("MOBILE_OPS_NOTIFY_WEBHOOK_URL", "ftp://example.com/hook"),
    ])
    func refused(name: String, value: String) {
        do {
            _ = try BuildMetricsConfiguration.fromEnvironment([name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            #expect(error.setting == name)
            #expect(error.message.contains(name))
        }
    }
}
