import Foundation
import Testing

/// The opening most end-to-end tests share: a backend readied for the fleet, a git repository
/// with one commit, and a started server that knows that repository.
extension Fleet {
    /// Readies `backend` for this fleet (a scratch database on PostgreSQL) and makes the git
    /// repository with its one commit; returns its path and the commit.
    func makeRepository(on backend: ServerBackend) async throws -> (path: String, sha: String) {
        try await backend.prepare(self)
        return try await makeRepository()
    }

    /// Starts the server as `startServer(pipeline:environment:leaseSeconds:)` does, then
    /// registers the GitHub repository `name` cloned from the local `path` with the fleet's
    /// webhook secret; returns the repository as the API created it.
    @discardableResult
    func startServer(
        pipeline: String, environment: [String: String] = [:], leaseSeconds: Int = 3, registering name: String, clonedFrom path: String
    ) async throws -> [String: Any] {
        try await startServer(pipeline: pipeline, environment: environment, leaseSeconds: leaseSeconds)
        let body = #"{"name": "\#(name)", "provider": "github", "cloneURL": "file://\#(path)", "webhookSecret": "\#(Self.secret)"}"#
        return try await call("POST", "/api/v1/repositories", json: body)
    }
}
