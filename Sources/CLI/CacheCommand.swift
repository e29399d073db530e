import ArgumentParser
import Foundation

/// `mobile-ops cache stats` and `cache daily`: the remote build cache's counts per protocol and
/// namespace, and per day.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "See what the server's remote build cache (Gradle, Bazel, ccache, Xcode) served and kept.",
        discussion: """
            Example:
              mobile-ops cache stats
              mobile-ops cache daily --days 7
            """,
        subcommands: [Stats.self, Daily.self]
    )

    /// `mobile-ops cache stats`
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show hits, misses, hit rate, uploads, bytes served and stored, evictions and kept entries, per protocol and namespace (read token).",
            discussion: """
                Counted by the cache itself, not estimated from build logs. See docs/build-cache.md.

                Examples:
                  mobile-ops cache stats
                  mobile-ops cache stats --json
                """)
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/cache/stats", as: Statistics.self) { statistics in
                let header = ["PROTOCOL", "NAMESPACE", "HITS", "MISSES", "HIT RATE", "UPLOADS", "SERVED", "STORED", "EVICTED", "ENTRIES", "SIZE"]
                let rows = statistics.namespaces.map {
                    [
                        $0.protocol, $0.namespace, "\($0.hits)", "\($0.misses)", MetricsFormatting.rate($0.hitRate), "\($0.uploads)",
                        Self.bytes($0.bytesServed), Self.bytes($0.bytesStored), "\($0.evictions)", "\($0.entries)", Self.bytes($0.entryBytes),
                    ]
                }
                Output.table(header, rows, ifEmpty: "The build cache has served nothing yet.")
            }
        }

        /// `12.3 MiB` and the like.
        static func bytes(_ count: Int64) -> String {
            let units = ["B", "KiB", "MiB", "GiB", "TiB"]
            var value = Double(count)
            var unit = 0
            while value >= 1024, unit < units.count - 1 {
                value /= 1024
                unit += 1
            }
            return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
        }
    }

    /// `GET /api/v1/cache/stats` answer.
    struct Statistics: Decodable {
        struct Namespace: Decodable {
            var `protocol`: String
            var namespace: String
            var hits: Int64
            var misses: Int64
            var uploads: Int64
            var bytesServed: Int64
            var bytesStored: Int64
            var evictions: Int64
            var entries: Int64
            var entryBytes: Int64
            var hitRate: Double?
        }
        var namespaces: [Namespace]
    }
}
