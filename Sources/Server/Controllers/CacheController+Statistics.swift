import BuildCache
import Core
import Foundation
import Hummingbird
import Store

extension CacheController {
    /// The longest daily series `GET /api/v1/cache/stats/daily` answers.
    static let maxDays = 366

    /// `GET /api/v1/cache/stats` (totals), `GET /api/v1/cache/stats/daily` (per UTC day) and
    /// `GET /api/v1/builds/{id}/cache` (a build's jobs' traffic); each writes this server's
    /// latest counts first.
    var statisticsRoutes: [Route] {
        [
            Route(.get, "/api/v1/cache/stats", scope: .read, openAPI: OpenAPIOperation(
                "Build cache statistics per protocol and namespace", tag: "build-cache",
                description: [
                    "Hits, misses, uploads, bytes served and stored, kept entries and their bytes, and the hit rate, per protocol and namespace, since the first request.",
                    "Counts reach the database in batches a few seconds apart; this server's are written before the answer, other servers' within seconds.",
                    "A request that found or kept nothing in a namespace holding no entries is counted under the namespace `(other)` (a job's, under its repository's), so made-up namespaces add no row each.",
                ],
                answers: [.ok("BuildCacheStatistics")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                await activity.flush()
                let namespaces = try await statistics.cacheStatistics()
                return try .json(["namespaces": namespaces])
            },
            Route(.get, "/api/v1/cache/stats/daily", scope: .read, openAPI: OpenAPIOperation(
                "Build cache hits and misses per day, protocol and namespace", tag: "build-cache",
                description: [
                    "The build cache's own hit rate over time: one entry per UTC day, protocol and namespace that had requests, oldest first, over the last `days` days (today included).",
                    "Written by the same batched flush as the totals, never once per request; misses in namespaces holding no entries are under `(other)`, as in the totals.",
                ],
                parameters: [.query("days", .integer, description: "How many days back, today included: 1 to 366, default 30.")],
                answers: [.ok("BuildCacheDaily")],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, _ in
                let days = try Self.days(request)
                await activity.flush()
                let since = clock.now.addingTimeInterval(-Double(days - 1) * 86_400)
                return try await .json(["days": statistics.cacheDailyStatistics(since: since)])
            },
            Route(.get, "/api/v1/builds/:id/cache", scope: .read, openAPI: OpenAPIOperation(
                "A build's build-cache traffic", tag: "build-cache",
                description: [
                    "What the build's jobs read and stored with the credential of their `MOBILE_OPS_CACHE_URL`, every protocol together: zeros for a build whose jobs used no cache.",
                ],
                parameters: [.path("id")],
                answers: [.ok("BuildCacheUsage")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let id = try context.numericID(of: "build")
                guard try await builds.build(id: id) != nil else { throw APIError.notFound("no build with id \(id)") }
                await activity.flush()
                return try await .json(statistics.cacheBuildStatistics(buildID: id))
            },
        ]
    }

    /// `?days=`: 1…366, default 30.
    private static func days(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("days") else { return 30 }
        guard let days = Int(text), (1...maxDays).contains(days) else {
            throw APIError.badRequest("days must be a whole number from 1 to \(maxDays), not '\(text)'", code: "invalid_days")
        }
        return days
    }
}
