import Access
import BuildMetrics
import Core
import Foundation
import Hummingbird
import Scheduling
import Store

/// Build metrics endpoints: report intake (from anywhere and from agents), summary, cache
/// rates and regressions.
struct MetricsController: APIController {
    let store: any BuildMetricsStore
    let auth: AgentAuthService
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource
    /// Reports arriving together are stored in one transaction, off the cooperative pool.
    private let reports: GroupCommit<BuildReportWrite, StoredReport>

    init(store: any BuildMetricsStore, auth: AgentAuthService, bodyLimit: Int, clock: any TimeSource) {
        self.store = store
        self.auth = auth
        self.bodyLimit = bodyLimit
        self.clock = clock
        self.reports = GroupCommit(label: "build-reports") { writes in
            await store.insertBuildReports(writes).map { $0.mapError { $0 } }
        }
    }

    var routes: [Route] {
        [
            Route(.post, "/api/v1/metrics/builds", scope: .write, openAPI: OpenAPIOperation(
                "Store a build report from another CI", tag: "metrics",
                parameters: [.query("waitedOn", .trueOrFalse)],
                body: .json(.ref("BuildReport")),
                answers: [
                    .json(200, "A repeat of a stored report.", .ref("StoredBuildReport")),
                    .json(201, "Stored.", .ref("StoredBuildReport")),
                ],
                errors: [.badRequest, .writeUnavailable]
            )) { request, _ in
                let report = try await Self.decodeReport(request, limit: bodyLimit)
                let waitedOn = try Self.waitedOn(request, default: report.dimensions.environment == .local)
                let stored = try await reports.submit(BuildReportWrite(report: report, source: .api, waitedOn: waitedOn, now: clock.now))
                return try .json(stored, status: stored.created ? .created : .ok)
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/metrics", auth: auth, openAPI: OpenAPIOperation(
                "Submit the job's build report", tag: "agent-protocol", caller: .agent,
                parameters: [.path("id")],
                body: .json(.ref("BuildReport")),
                answers: [
                    .json(200, "A repeat of a stored report.", .ref("StoredBuildReport")),
                    .json(201, "Stored.", .ref("StoredBuildReport")),
                ],
                errors: [.badRequest, .notFound, .conflict, .writeUnavailable]
            )) { request, context, agent in
                let jobID = try context.numericID(of: "job")
                // Before the body: only the agent holding the job has its report read.
                let job = try await store.jobMetricsContext(jobID: jobID, agentID: agent.id)
                var report = try await Self.decodeReport(request, limit: bodyLimit)
                // The server's view of the build wins over whatever the agent guessed.
                report.dimensions.repository = job.repository
                report.dimensions.branch = job.branch
                report.dimensions.pipeline = job.pipeline
                report.dimensions.environment = .ci
                if report.dimensions.machine == nil { report.dimensions.machine = agent.name }
                if let queue = job.queueSeconds { report.queueSeconds = queue }
                if report.startedAt == nil { report.startedAt = job.startedAt }
                try Self.validate(report)
                let stored = try await reports.submit(BuildReportWrite(report: report, source: .job(jobID, build: job.buildID), waitedOn: job.waitedOn, now: clock.now))
                return try .json(stored, status: stored.created ? .created : .ok)
            },
            summaryReport("summary", "Counts, success rate and percentiles against the previous window", schema: "MetricsSummary") { try await store.metricsSummary($0, now: $1) },
            summaryReport("cache", "Cache hit and avoidance rates, trend, most-missed tasks", schema: "CacheReport") { try await store.cacheReport($0, now: $1) },
            Route(.get, "/api/v1/metrics/regressions", scope: .read, openAPI: OpenAPIOperation(
                "Build-time and cache regressions", tag: "metrics",
                parameters: [.query("open", .flag), .query("limit", .integer)],
                answers: [
                    .json(200, "OK", .json(##"""
                        {
                          "type": "object",
                          "properties": {"regressions": {"type": "array", "items": {"$ref": "#/components/schemas/StoredRegression"}}},
                          "required": ["regressions"],
                          "additionalProperties": false
                        }
                        """##)),
                ],
                errors: [.databaseUnavailable]
            )) { request, _ in
                let parameters = request.uri.queryParameters
                let openOnly = parameters.get("open").map { $0 == "true" || $0 == "1" } ?? false
                let limit = parameters.get("limit").flatMap(Int.init) ?? 100
                return try await .json(["regressions": store.regressions(openOnly: openOnly, limit: limit)])
            },
        ]
    }

    /// A `GET /api/v1/metrics/{report}` route over a window of builds (`MetricsQuery`).
    private func summaryReport<Report: Encodable & Sendable>(
        _ report: String, _ summary: String, schema: String, read: @escaping @Sendable (MetricsQuery, Date) async throws -> Report
    ) -> Route {
        Self.report(
            "/api/v1/metrics/\(report)", summary, schema: schema, parameters: MetricsQuery.openAPIParameters, clock: clock,
            query: MetricsQuery.init(parsing:), read: read)
    }

    /// A `GET` metrics report for a read token: the query parameters parsed by `query` (400
    /// for a bad one), then one reading of the store, measured from the clock's now. Every
    /// windowed report, of builds and of tests (`TestResultsController`), is served this way.
    static func report<Query, Report: Encodable & Sendable>(
        _ path: String, _ summary: String, schema: String, parameters: [OpenAPIOperation.Parameter], clock: any TimeSource,
        query: @escaping @Sendable (Request) throws -> Query, read: @escaping @Sendable (Query, Date) async throws -> Report
    ) -> Route {
        Route(.get, path, scope: .read, openAPI: OpenAPIOperation(
            summary, tag: "metrics",
            parameters: parameters,
            answers: [.ok(schema)],
            errors: [.badRequest, .databaseUnavailable]
        )) { request, _ in
            try await .json(read(try query(request), clock.now))
        }
    }

    // MARK: Reports

    /// Reads and decodes a report, validating it whole: 413 past the limit, 400 listing every
    /// problem, or naming text no stored value may hold (`JSONBodyText`, as for every JSON body).
    static func decodeReport(_ request: Request, limit: Int) async throws -> BuildReport {
        let buffer = try await request.collectBody(limit: limit)
        guard buffer.readableBytes > 0 else {
            throw APIError.badRequest("the request body is empty; send a build report as JSON", code: "invalid_json")
        }
        let data = Data(buffer.readableBytesView)
        let report: BuildReport
        do {
            report = try BuildReport.decode(data)
        } catch {
            throw reportError(error)
        }
        try data.withUnsafeBytes { bytes in try JSONBodyText.check(bytes) }
        return report
    }

    /// Validates a report the server completed.
    static func validate(_ report: BuildReport) throws {
        do { try report.validate() } catch { throw reportError(error) }
    }

    /// 400 `invalid_json` for a body that is not a report, `invalid_report` listing every broken rule.
    private static func reportError(_ error: BuildReportError) -> APIError {
        switch error {
        case .malformed:
            APIError.badRequest(error.description, code: "invalid_json")
        case .invalid(let problems):
            APIError.badRequest(
                "the report was rejected (\(problems.count) problem\(problems.count == 1 ? "" : "s")): "
                    + problems.map(\.description).joined(separator: "; "),
                code: "invalid_report")
        }
    }

    /// `?waitedOn=true|false`; by default builds on a developer's machine are waited on and
    /// CI builds from elsewhere are not (MobileOps' own builds know their trigger).
    private static func waitedOn(_ request: Request, default value: Bool) throws -> Bool {
        guard let text = request.uri.queryParameters.get("waitedOn") else { return value }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIError.badRequest("waitedOn must be true or false, not '\(text)'", code: "invalid_parameter")
        }
    }
}
