import Core
import Foundation
import Hummingbird
import Scheduling

/// `/api/v1/repositories/{id}/secrets`: set, list and remove a repository's secrets (admin).
///
/// Values go in and never come out: answers hold names, scopes, sizes and fingerprints only,
/// and errors never quote a value.
struct SecretController: APIController {
    let secrets: SecretService
    /// Repositories, so an unknown id is a 404 before anything is read or sealed.
    let repositories: RepositoryService

    /// The largest body: a 1 MiB value in base64 (4/3 of it) with its scope, and room to
    /// refuse a value somewhat over the limit with 413 and a clear message.
    static let bodyLimit = 2 << 20

    var routes: [Route] {
        [
            Route(.put, "/api/v1/repositories/:id/secrets/:name", scope: .admin, bodyLimit: Int64(Self.bodyLimit), openAPI: OpenAPIOperation(
                "Set a repository secret (sealed at once; never shown again)", tag: "secrets",
                description: [
                    "The value is sealed with AES-256-GCM under the server's secrets key before it is stored; no answer, error or log line shows it again.",
                    "Setting a name again for the same pipeline (or none) replaces its value and scope.",
                    "At most 1 MiB (64 KiB for an env secret), 413 above; 409 `secrets_key_not_configured` when the server has no secrets key, `secrets_key_mismatch` when stored secrets were sealed under another key than this server's.",
                ],
                parameters: [.path("id"), .path("name", .string)],
                body: .json(.ref("SecretWrite")),
                answers: [
                    .json(200, "Replaced.", .ref("RepositorySecret")),
                    .json(201, "Created.", .ref("RepositorySecret")),
                ],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context in
                let repositoryID = try context.numericID(of: "repository")
                let name = try context.parameters.require("name")
                _ = try await repositories.existingRepository(id: repositoryID)
                let write = try await request.decodeJSON(SecretWrite.self, limit: Self.bodyLimit)
                let input = try write.input()
                let (secret, created) = try await secrets.set(repositoryID: repositoryID, name: name, input: input, actor: context.actor)
                return try .json(secret, status: created ? .created : .ok)
            },
            Route(.get, "/api/v1/repositories/:id/secrets", scope: .admin, openAPI: OpenAPIOperation(
                "A repository's secrets: names, scopes, sizes and fingerprints, never values", tag: "secrets",
                parameters: [.path("id")],
                answers: [.ok("RepositorySecretList")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let repositoryID = try context.numericID(of: "repository")
                _ = try await repositories.existingRepository(id: repositoryID)
                return try await .json(["secrets": secrets.list(repositoryID: repositoryID)])
            },
            Route(.delete, "/api/v1/repositories/:id/secrets/:name", scope: .admin, openAPI: OpenAPIOperation(
                "Remove a repository secret", tag: "secrets",
                description: [
                    "Without `pipeline`, removes the only secret of the name; when several pipelines have one, 409 names them.",
                ],
                parameters: [
                    .path("id"), .path("name", .string),
                    .query("pipeline", description: "The pipeline whose secret to remove; `*` for the one every pipeline shares."),
                ],
                answers: [.json(200, "The removed secrets.", .ref("RemovedSecrets"))],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context in
                let repositoryID = try context.numericID(of: "repository")
                let name = try context.parameters.require("name")
                let pipeline = request.uri.queryParameters.get("pipeline").map { String($0) }
                let removed = try await secrets.remove(repositoryID: repositoryID, name: name, pipeline: pipeline, actor: context.actor)
                return try .json(["secrets": removed])
            },
        ]
    }

    /// `PUT` body.
    struct SecretWrite: Decodable, Sendable {
        /// Base64; decoded here so no decoding error can quote it.
        var value: String
        var kind: JobSecrets.Kind?
        var pipeline: String?
        var branches: [String]?
        var pullRequests: Bool?

        /// The service's input, the size checked first.
        /// - Throws: `APIError` 400 for a value that is not base64, 413 for one too large.
        func input() throws -> SecretService.Input {
            // Line breaks and blanks (base64 wrapped at 76 columns) are dropped; nothing else is.
            guard let data = Data(base64Encoded: String(value.filter { !$0.isWhitespace })) else {
                throw APIError.badRequest("value must be the secret's bytes in base64", code: "invalid_value")
            }
            let kind = kind ?? .env
            let limit = kind == .file ? SecretService.maximumSize : SecretService.maximumEnvironmentSize
            guard data.count <= limit else {
                throw APIError(.contentTooLarge, code: "payload_too_large", message: kind == .file
                    ? "the value is \(data.count) bytes; a secret holds at most \(limit) bytes (1 MiB)"
                    : "the value is \(data.count) bytes; an env secret holds at most \(limit) bytes (64 KiB): store a larger one with kind file")
            }
            return SecretService.Input(value: Array(data), kind: kind, pipeline: pipeline, branches: branches, pullRequests: pullRequests ?? false)
        }
    }
}
