import Checks
import Core
import Foundation
import Hummingbird
import Impact
import Insights
import YAMLReading

/// `POST /api/v1/checks/deps` (read scope: it changes nothing).
///
/// Body: `{repository, revision?, project?, rules? | rulesFile?, kind?, baseline?}`. The server
/// checks `revision` (default: the default branch) out, reads the project's build files (never
/// running them) and the rules (`rules` text, the `rulesFile` path, else
/// `<project>/mobile-ops-checks.yml` at that revision), and answers the report `mobile-ops
/// checks deps --json` prints. `baseline: true` compares with the same rules on the default
/// branch's head. Unknown repository 404; rules with problems 422 naming each line.
struct DependencyChecksController: APIController {
    let service: ImpactService
    let bodyLimit: Int

    var routes: [Route] {
        [
            Route(.post, "/api/v1/checks/deps", scope: .read, openAPI: OpenAPIOperation(
                "Dependency rules (mobile-ops-checks.yml) on a repository's module graph at a revision", tag: "checks",
                description: [
                    "Checks `revision` (default: the default branch) out, reads the project's Gradle or XcodeGen build files (never running them) and the rules, and answers what `mobile-ops checks deps --json` prints.",
                    "With `baseline: true`, violations are compared with the same rules on the default branch's head:",
                    "`new` marks those the branch does not have, `fixed` lists those this revision removed.",
                    "Human guide: docs/checks.md.",
                ],
                body: .json(.ref("DependencyChecksRequest")),
                answers: [
                    .ok("DependencyCheckReport"),
                    .error(422, "The rules have problems (`invalid_rules`); the message lists each as `file:line:column: problem`."),
                ],
                errors: [.badRequest, .notFound, .analysisUnavailable, .analysisTimeout]
            )) { request, _ in
                let body = try await request.collectBody(limit: bodyLimit)
                let input = try Self.input(from: Data(body.readableBytesView))
                do {
                    return try .json(try await service.answering { try await service.checkDependencies(input) })
                } catch let DependencyChecksError.invalidRules(diagnostics) {
                    throw APIError(.unprocessableContent, code: "invalid_rules", message: diagnostics.description)
                }
            },
        ]
    }

    /// Decodes and checks the body; every problem is a 400 naming the field.
    static func input(from data: Data) throws -> DependencyChecksInput {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw APIError.badRequest("the body must be a JSON object", code: "malformed_json")
        }
        // The one rule for text in JSON bodies: no NUL anywhere, no control character in a name.
        try data.withUnsafeBytes { bytes in try JSONBodyText.check(bytes) }
        // `rules` is YAML text, which may well start with `---`; every other member names
        // something git or a path will see, where a leading '-' could read as an option.
        func text(_ key: String, limit: Int = 255, dashAllowed: Bool = false) throws -> String? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let string = value as? String, !string.isEmpty, string.utf8.count <= limit, dashAllowed || !string.hasPrefix("-") else {
                let dash = dashAllowed ? "" : " not starting with '-'"
                throw APIError.badRequest("'\(key)' must be a non-empty string of at most \(limit) bytes\(dash)", code: "invalid_\(key)")
            }
            return string
        }
        guard let repository = try text("repository") else {
            throw APIError.badRequest("give the 'repository' to check", code: "missing_repository")
        }
        var input = DependencyChecksInput(repository: repository)
        if let revision = try text("revision") {
            if let problem = GitInput.revisionProblem(revision) {
                throw APIError.badRequest("'revision' \(problem)", code: "invalid_revision")
            }
            input.revision = revision
        }
        if let project = try text("project") {
            input.projectPath = try RepositoryPath.validate(project, field: "project")
        }
        if let kind = try text("kind") {
            guard let parsed = ProjectKind.named(kind) else {
                throw APIError.badRequest("'kind' must be swiftPackage, gradle or xcodeGen", code: "invalid_kind")
            }
            input.kind = parsed
        }
        let inline = try text("rules", limit: 1 << 20, dashAllowed: true)
        let file = try text("rulesFile", limit: 1024)
        switch (inline, file) {
        case (.some, .some):
            throw APIError.badRequest("give 'rules' (the rules text) or 'rulesFile' (its path in the repository), not both", code: "invalid_rules")
        case let (.some(text), nil):
            input.rules = .inline(text)
        case let (nil, .some(path)):
            input.rules = .file(try RepositoryPath.validate(path, field: "rulesFile"))
        case (nil, nil):
            break
        }
        // JSONSerialization reads `1` and `true` alike; the decoder tells them apart.
        struct Flags: Decodable { var baseline: Bool? }
        guard let flags = try? JSONDecoder().decode(Flags.self, from: data) else {
            throw APIError.badRequest("'baseline' must be true or false", code: "invalid_baseline")
        }
        input.baseline = flags.baseline ?? false
        return input
    }
}
