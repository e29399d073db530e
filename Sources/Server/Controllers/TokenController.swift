import Access
import Core
import Foundation
import Hummingbird

/// `/api/v1/tokens`: issue, list and revoke API tokens (admin only); `/api/v1/me`: the calling
/// token's own name and scopes (any scope), so a page can offer only the actions it may take.
struct TokenController: APIController {
    let tokens: TokenService
    let bodyLimit: Int

    var routes: [Route] {
        [
            Route(.post, "/api/v1/tokens", scope: .admin, openAPI: OpenAPIOperation(
                "Issue an API token", tag: "tokens",
                body: .json(.ref("NewToken")),
                answers: [.json(201, "Created; the value is shown once.", .ref("CreatedToken"))],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, context in
                let input = try await request.decodeJSON(CreateToken.self, limit: bodyLimit)
                let (name, scopes) = try input.validated()
                let (token, value) = try await tokens.issue(name: name, scopes: scopes, actor: context.actor)
                return try .json(CreatedToken(token: value, id: token.id, name: token.name, scopes: token.scopes, createdAt: token.createdAt), status: .created)
            },
            Route(.get, "/api/v1/tokens", scope: .admin, openAPI: OpenAPIOperation(
                "API tokens without their values", tag: "tokens",
                answers: [.ok("TokenList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(TokenList(tokens: tokens.list()))
            },
            Route(.get, "/api/v1/me", scope: .read, openAPI: OpenAPIOperation(
                "The calling token's name and scopes", tag: "tokens",
                answers: [.ok("Caller")],
                errors: [.databaseUnavailable]
            )) { _, context in
                guard let identity = context.identity else { throw APIError.unauthorized("this endpoint needs a bearer token") }
                return try .json(Caller(id: identity.tokenID, name: identity.name, scopes: identity.scopes.sorted()))
            },
            Route(.delete, "/api/v1/tokens/:id", scope: .admin, openAPI: OpenAPIOperation(
                "Revoke an API token", tag: "tokens",
                parameters: [.path("id", .string)],
                answers: [.json(200, "The revoked token.", .ref("APIToken"))],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                let id = try context.parameters.require("id")
                return try await .json(tokens.revoke(id: id, actor: context.actor))
            },
        ]
    }

    /// `POST /api/v1/tokens` body.
    struct CreateToken: Codable {
        var name: String
        var scopes: [String]

        func validated() throws(ValidationFailure) -> (String, [TokenScope]) {
            let name = name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= 100 else {
                throw ValidationFailure(field: "name", message: "name must be 1 to 100 characters")
            }
            guard !scopes.isEmpty else {
                throw ValidationFailure(field: "scopes", message: "scopes must list at least one of: \(TokenScope.allowedValues)")
            }
            var parsed: [TokenScope] = []
            for scope in scopes {
                guard let value = TokenScope(rawValue: scope) else {
                    throw ValidationFailure(field: "scopes", message: "scope '\(scope)' is not one of: \(TokenScope.allowedValues)")
                }
                if !parsed.contains(value) { parsed.append(value) }
            }
            return (name, parsed)
        }
    }

    /// The answer to a create: the value is shown this once.
    struct CreatedToken: Codable {
        var token: String
        var id: String
        var name: String
        var scopes: [TokenScope]
        var createdAt: Date
    }

    /// `GET /api/v1/me` body: who is calling.
    struct Caller: Codable {
        var id: String
        var name: String
        var scopes: [TokenScope]
    }

    /// `GET /api/v1/tokens` body.
    struct TokenList: Codable {
        var tokens: [APIToken]
    }
}
