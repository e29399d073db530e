import ArgumentParser
import Foundation

extension CacheCommand {
    /// `mobile-ops cache daily [--days N]`: the build cache's own hit rate per UTC day.
    struct Daily: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the build cache's hits, misses, hit rate and uploads per UTC day, every protocol and namespace together (read token).",
            discussion: """
                Days without requests are left out. --json prints the server's answer: one entry per day, protocol and namespace.

                Examples:
                  mobile-ops cache daily
                  mobile-ops cache daily --days 7 --json
                """)
        @OptionGroup var connection: ConnectionOptions
        @Option(help: "How many days back, today included (1-366).") var days = 30

        func run() async throws {
            try await connection.get("/api/v1/cache/stats/daily?days=\(days)", as: Series.self) { series in
                var totals: [String: (hits: Int64, misses: Int64, uploads: Int64)] = [:]
                for entry in series.days {
                    let day = String(entry.day.prefix(10))
                    let sum = totals[day] ?? (0, 0, 0)
                    totals[day] = (sum.hits + entry.hits, sum.misses + entry.misses, sum.uploads + entry.uploads)
                }
                let rows: [[String]] = totals.keys.sorted().compactMap { day in
                    totals[day].map { sum in
                        let reads = sum.hits + sum.misses
                        return [day, "\(sum.hits)", "\(sum.misses)", MetricsFormatting.rate(reads > 0 ? Double(sum.hits) / Double(reads) : nil), "\(sum.uploads)"]
                    }
                }
                Output.table(["DAY", "HITS", "MISSES", "HIT RATE", "UPLOADS"], rows, ifEmpty: "The build cache served nothing in the last \(days) days.")
            }
        }
    }

    /// `GET /api/v1/cache/stats/daily` answer.
    struct Series: Decodable {
        struct Day: Decodable {
            var day: String
            var hits: Int64
            var misses: Int64
            var uploads: Int64
        }
        var days: [Day]
    }
}
