import Access
import Core
import Findings
import Foundation
import Hummingbird
import Insights
import Scheduling
import Store

/// Analysers' findings: `POST` and `GET /api/v1/builds/{id}/findings`,
/// `GET /api/v1/metrics/findings`, and `POST /api/v1/agent/jobs/{id}/findings`.
///
/// Other CIs post their analysers' reports as they are (SARIF, Checkstyle XML, Android Lint
/// XML, SwiftLint JSON): the server reads the format from the content. Agents send the
/// findings of a `reports:` step already read in their checkout (`JobFindings`).
struct FindingsController: APIController {
    let service: FindingsService
    let repositories: RepositoryService
    let auth: AgentAuthService

    /// The largest report a request may carry. Reports are read whole into memory on the
    /// server (an agent streams big SARIF files from disk instead), so this bounds the memory
    /// one request can take.
    static let reportLimit = 32 << 20

    var routes: [Route] {
        [
            Route(.post, "/api/v1/builds/:id/findings", scope: .write, bodyLimit: Int64(Self.reportLimit)) { request, context in
                let id = try context.numericID(of: "build")
                let source = try Self.source(request)
                let root = try Self.root(request)
                let body = try await request.collectBody(limit: Self.reportLimit)
                return try .json(try await service.store(report: Data(body.readableBytesView), source: source, root: root, buildID: id), status: .created)
            },
            Route(.get, "/api/v1/builds/:id/findings", scope: .read) { request, context in
                let id = try context.numericID(of: "build")
                return try .json(try await service.comparison(buildID: id, failOn: try Self.failOn(request)))
            },
            Route(.post, "/api/v1/agent/jobs/:id/findings", scope: nil, bodyLimit: Int64(JobFindings.bodyLimit)) { request, context in
                let agent = try await auth.agent(bearerToken: request.bearerToken)
                let jobID = try context.numericID(of: "job")
                // Before the body: only the agent holding the job has its up to 32 MiB read.
                try await service.requireHeld(jobID: jobID, agentID: agent.id)
                let report = try await request.decodeJSON(JobFindings.self, limit: JobFindings.bodyLimit)
                return try .json(try await service.store(jobFindings: report, jobID: jobID, agentID: agent.id))
            },
            Route(.get, "/api/v1/metrics/findings", scope: .read) { request, _ in
                let parameters = request.uri.queryParameters
                guard let name = parameters.get("repository"), !name.isEmpty else {
                    throw APIError.badRequest("give the 'repository' whose findings to count", code: "missing_repository")
                }
                guard let repository = try await repositories.list().repository(named: name) else {
                    throw APIError.notFound("no repository named \(name)")
                }
                let branch = parameters.get("branch").flatMap { $0.isEmpty ? nil : $0 } ?? repository.defaultBranch
                let days = try MetricsQuery.days(parameters.get("window") ?? "30d")
                return try .json(try await service.trend(repositoryID: repository.id, branch: branch, days: days))
            },
        ]
    }

    /// `source`: the report's name for the build (default `api`); 1–200 printable characters.
    static func source(_ request: Request) throws -> String {
        guard let source = request.uri.queryParameters.get("source") else { return "api" }
        guard !source.isEmpty, source.count <= 200, isPrintable(source) else {
            throw APIError.badRequest("'source' must be 1 to 200 printable characters", code: "invalid_source")
        }
        return source
    }

    /// `root`: the absolute path of the checkout the report was made in, when given.
    static func root(_ request: Request) throws -> String? {
        guard let root = request.uri.queryParameters.get("root") else { return nil }
        guard root.hasPrefix("/"), root.count <= 1_024, isPrintable(root) else {
            throw APIError.badRequest("'root' must be an absolute path of at most 1024 printable characters", code: "invalid_root")
        }
        return root
    }

    /// Whether `text` holds no control characters.
    private static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `fail_on`: `error` (the default), `warning` or `never`.
    static func failOn(_ request: Request) throws -> FailOn {
        guard let text = request.uri.queryParameters.get("fail_on") else { return .error }
        guard let failOn = FailOn(rawValue: text) else {
            throw APIError.badRequest("fail_on must be error, warning or never, not '\(text)'", code: "invalid_fail_on")
        }
        return failOn
    }
}
