import Core
import Foundation
import Hummingbird
import Store

extension BuildFilter {
    /// The parameters `init(parsing:repository:)` reads, as the OpenAPI document lists them.
    static let openAPIParameters: [OpenAPIOperation.Parameter] = [
        .query("repository", description: "Id or full name."),
        .query("pipeline", description: "A pipeline's name."),
        .query("branch"),
        .query("author", description: "The build's author, exactly as the build names it."),
        .query("pullRequest", .json(#"{"type":"integer","minimum":1}"#), description: "A pull (merge) request's number: its builds together."),
        .query("status", .ref("BuildState")),
        .limit(maximum: 200),
        .query("cursor", .integer, description: "A build id: builds before it."),
    ]

    /// Reads the list's filters and page from the query string; an empty parameter is no
    /// filter, and a bad value is a 400 naming the parameter and what it accepts.
    /// - Parameter repository: Resolves `repository` (an id or a full name) to its id.
    init(parsing request: Request, repository: (String) async throws -> Int64?) async throws {
        let parameters = request.uri.queryParameters
        func text(_ name: String) -> String? {
            guard let value = parameters.get(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        self.init(pipeline: text("pipeline"), branch: text("branch"), author: text("author"))
        if let name = text("repository") { repositoryID = try await repository(name) }
        if let number = text("pullRequest") {
            guard let value = Int(number), value >= 1 else {
                throw APIError.badRequest("pullRequest must be a pull request's number, not '\(number)'", code: "invalid_pull_request")
            }
            pullRequest = value
        }
        if let state = text("status") {
            guard let value = BuildState(rawValue: state) else {
                throw APIError.badRequest("status must be one of \(BuildState.allCases.map(\.rawValue).joined(separator: ", "))", code: "invalid_status")
            }
            self.state = value
        }
        if let number = text("limit") {
            guard let value = Int(number), (1...200).contains(value) else {
                throw APIError.badRequest("limit must be between 1 and 200", code: "invalid_limit")
            }
            limit = value
        }
        if let cursor = text("cursor") {
            guard let value = Int64(cursor) else { throw APIError.badRequest("cursor must be a build id", code: "invalid_cursor") }
            before = value
        }
    }
}
