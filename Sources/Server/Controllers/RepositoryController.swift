import Core
import Foundation
import Hummingbird
import MemberwiseInit
import Scheduling

/// `/api/v1/repositories`: register (admin) and read (read scope) repositories.
@MemberwiseInit
struct RepositoryController: APIController {
    let repositories: RepositoryService
    let bodyLimit: Int
    /// The encoded list, reused until a repository is added.
    private let listCache = EncodedResponseCache()

    var routes: [Route] {
        [
            Route(.post, "/api/v1/repositories", scope: .admin, openAPI: OpenAPIOperation(
                "Register a repository", tag: "repositories",
                body: .json(.ref("RepositoryDraft")),
                answers: [.json(201, "Created; the webhook secret is shown once.", .ref("CreatedRepository"))],
                errors: [.badRequest, .conflict, .databaseUnavailable]
            )) { request, context in
                let draft = try await request.decodeJSON(RepositoryDraft.self, limit: bodyLimit)
                let (repository, secret) = try await repositories.create(draft, actor: context.actor)
                return try .json(CreatedRepository(repository: repository, webhookSecret: secret), status: .created)
            },
            Route(.get, "/api/v1/repositories", scope: .read, openAPI: OpenAPIOperation(
                "All repositories, without secrets", tag: "repositories",
                answers: [.ok("RepositoryList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                let snapshot = try await repositories.list()
                return try listCache.response(version: snapshot.version) {
                    RepositoryList(repositories: snapshot.repositories)
                }
            },
            Route(.get, "/api/v1/repositories/:id", scope: .read, openAPI: OpenAPIOperation(
                "One repository", tag: "repositories",
                parameters: [.path("id")],
                answers: [.ok("Repository")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                try await .json(repositories.existingRepository(id: context.numericID(of: "repository")))
            },
            Route(.delete, "/api/v1/repositories/:id", scope: .admin, openAPI: OpenAPIOperation(
                "Remove a repository (its builds keep their history)", tag: "repositories",
                parameters: [.path("id")],
                answers: [.json(200, "The removed repository.", .ref("Repository"))],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                try await .json(repositories.remove(id: context.numericID(of: "repository"), actor: context.actor))
            },
            Route(.post, "/api/v1/repositories/:id/rotate-secret", scope: .admin, openAPI: OpenAPIOperation(
                "A new webhook secret, shown once", tag: "repositories",
                parameters: [.path("id")],
                answers: [.ok("CreatedRepository")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let (repository, secret) = try await repositories.rotateSecret(id: context.numericID(of: "repository"), actor: context.actor)
                return try .json(CreatedRepository(repository: repository, webhookSecret: secret))
            },
        ]
    }

    /// A created repository: its fields plus the webhook secret, shown this once.
    struct CreatedRepository: Encodable {
        var repository: Repository
        var webhookSecret: String

        func encode(to encoder: any Encoder) throws {
            try repository.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(webhookSecret, forKey: .webhookSecret)
        }

        enum Key: String, CodingKey { case webhookSecret }
    }

    /// `GET /api/v1/repositories` body.
    struct RepositoryList: Codable {
        var repositories: [Repository]
    }
}
