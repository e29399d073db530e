import Core
import Foundation
import Hummingbird
import Impact
import Insights

/// `POST /api/v1/impact` (read scope: it changes nothing).
///
/// Body: `{graph | repository, changedFiles | base [+ head], runAll?, project?, kind?}` where `graph`
/// is a module graph in the documented JSON format (or `swift package dump-package` output),
/// inline or as the path of such a file in the repository (read at `head`),
/// `repository` names a registered repository whose files the server reads at `head`
/// (default: its default branch), `base`/`head` are revisions of it, `runAll` adds run-all
/// path patterns, `project` is the project's folder inside the repository and `kind` picks one
/// build description (`gradle`, `xcodeGen`, `swiftPackage`) where the project has several. The server never
/// runs repository code, so a Swift package in a repository needs a `graph` (400 `graph_required`).
struct ImpactController: APIController {
    let service: ImpactService
    let bodyLimit: Int

    var routes: [Route] {
        [
            Route(.post, "/api/v1/impact", scope: .read, openAPI: OpenAPIOperation(
                "Impact analysis: selected and skipped suites with reasons", tag: "impact",
                body: .json(.ref("ImpactRequest")),
                answers: [.ok("ImpactReport")],
                errors: [.badRequest, .notFound, .analysisUnavailable, .analysisTimeout]
            )) { request, _ in
                let body = try await request.collectBody(limit: bodyLimit)
                let input = try Self.input(from: Data(body.readableBytesView))
                return try .json(try await service.answering { try await service.analyze(input) })
            },
        ]
    }

    /// Decodes and checks the body; every problem is a 400 naming the field.
    static func input(from data: Data) throws -> ImpactService.Input {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw APIError.badRequest("the body must be a JSON object", code: "malformed_json")
        }
        // The one rule for text in JSON bodies: no NUL anywhere, no control character in a name.
        try data.withUnsafeBytes { bytes in try JSONBodyText.check(bytes) }
        func text(_ key: String) throws -> String? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let string = value as? String, !string.isEmpty, string.utf8.count <= 255, !string.hasPrefix("-") else {
                throw APIError.badRequest("'\(key)' must be a non-empty string of at most 255 bytes not starting with '-'", code: "invalid_\(key)")
            }
            return string
        }
        func list(_ key: String, count: Int, bytes: Int) throws -> [String]? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let strings = value as? [String], strings.count <= count, strings.allSatisfy({ $0.utf8.count <= bytes }) else {
                throw APIError.badRequest("'\(key)' must be an array of at most \(count) strings of at most \(bytes) bytes each", code: "invalid_\(key)")
            }
            return strings
        }
        for key in ["base", "head"] {
            if let value = try text(key), let problem = GitInput.revisionProblem(value) {
                throw APIError.badRequest("'\(key)' \(problem)", code: "invalid_\(key)")
            }
        }
        var input = ImpactService.Input(
            repository: try text("repository"), graph: nil, changedFiles: try list("changedFiles", count: 100_000, bytes: ImpactLimits.pathBytes),
            base: try text("base"), head: try text("head"),
            runAll: try list("runAll", count: ImpactLimits.runAllPatterns, bytes: ImpactLimits.patternBytes) ?? [], projectPath: nil
        )
        if let kind = try text("kind") {
            guard let parsed = ProjectKind.named(kind) else {
                throw APIError.badRequest("'kind' must be swiftPackage, gradle or xcodeGen", code: "invalid_kind")
            }
            input.kind = parsed
        }
        if let project = try text("project") {
            input.projectPath = try RepositoryPath.validate(project, field: "project")
        }
        if let graph = object["graph"], !(graph is NSNull) {
            if let path = graph as? String {
                guard input.repository != nil, !path.isEmpty, path.utf8.count <= 1024 else {
                    throw APIError.badRequest("a 'graph' path names a file in the 'repository' (at most 1024 bytes)", code: "invalid_graph")
                }
                input.graph = .file(try RepositoryPath.validate(path, field: "graph"))
            } else {
                guard JSONSerialization.isValidJSONObject(graph), let data = try? JSONSerialization.data(withJSONObject: graph) else {
                    throw APIError.badRequest("'graph' must be a module graph object or the repository path of a graph file", code: "invalid_graph")
                }
                input.graph = .inline(data)
            }
        }
        if input.graph == nil, input.repository == nil {
            throw APIError.badRequest("give a module 'graph' or the 'repository' to read it from", code: "missing_graph")
        }
        if input.changedFiles == nil, input.base == nil {
            throw APIError.badRequest("give 'changedFiles' or a 'base' revision (with 'repository')", code: "missing_changes")
        }
        if input.repository == nil, input.base != nil || input.head != nil || input.projectPath != nil {
            throw APIError.badRequest("'base', 'head' and 'project' need a 'repository' the server knows", code: "missing_repository")
        }
        return input
    }
}
