import ArgumentParser
import Foundation

/// `mobile-ops metrics cache [--window 7d] [filters]`
struct MetricsCacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Build cache hit rates by build system and task, the daily trend, and the tasks that miss most.",
        discussion: """
            Hit rate = from cache / (executed + failed + from cache): up-to-date tasks needed no \
            cache. "Tasks that miss most" lists only tasks that ran (missed) in the window.

            Examples:
              mobile-ops metrics cache --window 30d
              mobile-ops metrics cache --platform android --json
            """
    )
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var filters: MetricsFilterOptions

    func run() async throws {
        try await connection.get("/api/v1/metrics/cache" + MetricsFormatting.query(filters.pairs), as: CacheView.self) { cache in
            print("Hit rate \(MetricsFormatting.rate(cache.overall.hitRate))  trend \(Sparkline.render(cache.trend.map(\.hitRate)))")
            print("")
            Output.table(["BUILD SYSTEM", "HIT RATE", "LOCAL", "REMOTE", "FROM CACHE", "EXECUTED", "UP-TO-DATE"], cache.byBuildSystem.map(Self.row))
            print("")
            print("Tasks that miss most:")
            // The server lists the most-missing first, then, when fewer missed, tasks that never did.
            let missing = cache.byTask.filter { $0.rates.misses > 0 }
            Output.table(["TASK", "HIT RATE", "LOCAL", "REMOTE", "FROM CACHE", "EXECUTED", "UP-TO-DATE"], missing.map(Self.row))
        }
    }

    private static func row(_ named: CacheView.Named) -> [String] {
        let rates = named.rates
        return [
            named.name, MetricsFormatting.rate(rates.hitRate), MetricsFormatting.rate(rates.localHitRate),
            MetricsFormatting.rate(rates.remoteHitRate), "\(rates.counts.fromCache)", "\(rates.counts.executed + rates.counts.failed)",
            "\(rates.counts.upToDate)",
        ]
    }
}
