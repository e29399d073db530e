import Core
import Foundation
import Hummingbird
import Store

/// Test results and history: `GET /api/v1/builds/{id}/tests` and the flaky, slowest and
/// regressed tests under `/api/v1/metrics/tests/`.
struct TestResultsController: APIController {
    let store: any TestHistoryStore
    /// The clock every window is measured from.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.get, "/api/v1/builds/:id/tests", scope: .read, openAPI: OpenAPIOperation(
                "Each job's test results", tag: "builds",
                parameters: [.path("id"), .query("failed", .flag)],
                answers: [.ok("BuildTestResults")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, context in
                let id = try context.numericID(of: "build")
                let failedOnly = try Self.flag(request, "failed")
                guard let results = try await store.buildTests(buildID: id, failedOnly: failedOnly) else {
                    throw APIError.notFound("no build with id \(id)")
                }
                return try .json(results)
            },
            testReport("flaky", "Flakiest tests", schema: "FlakyTestsReport") { try await store.flakyTests($0, now: $1) },
            testReport("slowest", "Slowest tests", schema: "SlowestTestsReport") { try await store.slowestTests($0, now: $1) },
            testReport("regressed", "Tests whose median duration grew", schema: "RegressedTestsReport") { try await store.regressedTests($0, now: $1) },
        ]
    }

    /// A `GET /api/v1/metrics/tests/{report}` route: every test report reads the same
    /// parameters (`query(_:)`); only the store's reading differs.
    private func testReport<Report: Encodable & Sendable>(
        _ report: String, _ summary: String, schema: String, read: @escaping @Sendable (TestMetricsQuery, Date) async throws -> Report
    ) -> Route {
        MetricsController.report(
            "/api/v1/metrics/tests/\(report)", summary, schema: schema, parameters: Self.queryParameters, clock: clock,
            query: Self.query, read: read)
    }

    // MARK: Parameters

    /// The parameters `query(_:)` reads, as the OpenAPI document lists them.
    static let queryParameters: [OpenAPIOperation.Parameter] = [
        .query("window", description: "Days or weeks like `7d` or `4w`; default `7d`."),
        .query("repository"),
        .limit(maximum: 500),
        .query("minRuns", .json(#"{"type":"integer","minimum":1,"maximum":1000}"#)),
        .query("minChangePercent", .number),
        .query("minChangeSeconds", .number),
    ]

    /// `window` (as for the build metrics), `repository`, `limit` (1…500), and for regressions
    /// `minRuns` (1…1000), `minChangePercent` (0…10000) and `minChangeSeconds` (0…86400).
    static func query(_ request: Request) throws -> TestMetricsQuery {
        let parameters = request.uri.queryParameters
        func text(_ name: String) -> String? {
            guard let value = parameters.get(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        var query = TestMetricsQuery(days: try MetricsQuery.days(text("window") ?? "7d"), repository: text("repository"))
        if let limit = text("limit") {
            guard let value = Int(limit), (1...500).contains(value) else {
                throw APIError.badRequest("limit must be a whole number from 1 to 500, not '\(limit)'", code: "invalid_limit")
            }
            query.limit = value
        }
        if let runs = text("minRuns") {
            guard let value = Int(runs), (1...1_000).contains(value) else {
                throw APIError.badRequest("minRuns must be a whole number from 1 to 1000, not '\(runs)'", code: "invalid_parameter")
            }
            query.minRuns = value
        }
        query.minChangePercent = try number(text("minChangePercent"), name: "minChangePercent", in: 0...10_000) ?? query.minChangePercent
        query.minChangeSeconds = try number(text("minChangeSeconds"), name: "minChangeSeconds", in: 0...86_400) ?? query.minChangeSeconds
        return query
    }

    private static func number(_ text: String?, name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw APIError.badRequest("\(name) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(text)'", code: "invalid_parameter")
        }
        return value
    }

    /// `?name=true|false|1|0`, false when absent.
    private static func flag(_ request: Request, _ name: String) throws -> Bool {
        guard let text = request.uri.queryParameters.get(name) else { return false }
        switch text {
        case "true", "1", "": return true
        case "false", "0": return false
        default: throw APIError.badRequest("\(name) must be true or false, not '\(text)'", code: "invalid_parameter")
        }
    }
}
