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
            Route(.post, "/api/v1/builds/:id/findings", scope: .write, bodyLimit: Int64(Self.reportLimit), openAPI: OpenAPIOperation(
                "Store an analyser's report for a build", tag: "findings",
                description: [
                    "The body is the report as the tool wrote it:",
                    "SARIF 2.1.0, Checkstyle XML (SwiftLint, detekt, ktlint), Android Lint XML, SwiftLint JSON or GitLab Code Quality JSON, told apart by content.",
                    "A SARIF result with an accepted suppression is stored and counted as suppressed, never new.",
                    "Posting the same `source` again replaces its findings (docs/findings.md).",
                    "The findings are fitted as an agent fits them: control characters become spaces, messages are cut at 8,192 characters, a path outside the checkout and a line outside 1–2147483647 are dropped.",
                    "A report of more than 100,000 findings (`too_many_findings`), or XML nested more than 256 elements deep, is refused with 400.",
                ],
                parameters: [
                    .path("id"),
                    .query("source", .json(#"{"type":"string","minLength":1,"maxLength":200}"#), description: "The report's name for this build; default `api`."),
                    .query("root", .json(#"{"type":"string","pattern":"^/","maxLength":1024}"#), description: "The absolute path of the checkout the report was made in: paths under it become relative to the repository."),
                ],
                body: OpenAPIOperation.RequestBody(content: ["application/json": .string, "application/xml": .string, "application/octet-stream": .binary]),
                answers: [.json(201, "Stored.", .ref("FindingsUpload"))],
                errors: [.badRequest, .notFound, .writeUnavailable]
            )) { request, context in
                let id = try context.numericID(of: "build")
                let source = try Self.source(request)
                let root = try Self.root(request)
                let body = try await request.collectBody(limit: Self.reportLimit)
                return try .json(try await service.store(report: Data(body.readableBytesView), source: source, root: root, buildID: id), status: .created)
            },
            Route(.get, "/api/v1/builds/:id/findings", scope: .read, openAPI: OpenAPIOperation(
                "A build's findings against its baseline: new, unchanged, fixed", tag: "findings",
                parameters: [
                    .path("id"),
                    .query("fail_on", .json(#"{"type":"string","enum":["error","warning","never"]}"#), description: "Which new findings make `fails` true; default `error`."),
                ],
                answers: [.ok("BuildFindings")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, context in
                let id = try context.numericID(of: "build")
                return try .json(try await service.comparison(buildID: id, failOn: try Self.failOn(request)))
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/findings", auth: auth, bodyLimit: Int64(JobFindings.bodyLimit), openAPI: OpenAPIOperation(
                "Send one report's findings, read and fingerprinted in the checkout", tag: "agent-protocol", caller: .agent,
                description: [
                    "For a `reports:` step (docs/findings.md).",
                    "Stored under the job's step (and shard) and `source`, replacing what the job sent for that report before.",
                    "The answer compares this report's findings with the target branch's latest finished build with findings;",
                    "`fixed` counts that build's findings of the report's tools that are gone.",
                    "Whether the agent holds the job is checked before the body is read: 409 `job_not_held` otherwise.",
                ],
                parameters: [.path("id")],
                body: .json(.ref("JobFindings")),
                answers: [.json(200, "Stored; the report's findings against the baseline.", .ref("BuildFindings"))],
                errors: [.badRequest, .notFound, .conflict, .writeUnavailable]
            )) { request, context, agent in
                let jobID = try context.numericID(of: "job")
                // Before the body: only the agent holding the job has its up to 32 MiB read.
                try await service.requireHeld(jobID: jobID, agentID: agent.id)
                let report = try await request.decodeJSON(JobFindings.self, limit: JobFindings.bodyLimit)
                return try .json(try await service.store(jobFindings: report, jobID: jobID, agentID: agent.id))
            },
            Route(.get, "/api/v1/metrics/findings", scope: .read, openAPI: OpenAPIOperation(
                "Findings per day, tool and rule on a branch, and the rules that grow fastest", tag: "metrics",
                parameters: [
                    .query("repository", .json(#"{"type":"string","minLength":1}"#), required: true),
                    .query("branch", description: "Default: the repository's default branch."),
                    .query("window", description: "Days or weeks like `30d` or `4w`; default `30d`."),
                ],
                answers: [.ok("FindingsTrend")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, _ in
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
