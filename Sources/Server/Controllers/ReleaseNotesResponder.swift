import Foundation
import Hummingbird
import ReleaseDriver
import ReleaseTrain
import Store

/// `GET /api/v1/releases/{id}/notes[?format=markdown]`: the release's notes from the commits
/// since the previous released version of the train (its branch), as JSON or Markdown.
struct ReleaseNotesResponder: Sendable {
    let releases: ReleaseService
    let repositories: any RepositoryStore
    let source: ReleaseNotesSource

    /// The notes answer.
    struct Notes: Encodable {
        var releaseID: Int64
        var version: String
        var base: String?
        var head: String
        var source: String
        var commits: Int
        var pullRequests: [Int]
        var markdown: String
    }

    func respond(to request: Request, release: StoredRelease) async throws -> Response {
        let train = try await releases.catalog.train(id: release.trainID)
        guard let repository = try await repositories.repository(named: train.definition.repository) else {
            throw APIError(.conflict, code: "repository_not_registered", message: "repository \(train.definition.repository) is not registered")
        }
        let earlier = try await releases.store.releases(trainID: release.trainID, states: [ReleaseState.released.rawValue], limit: 500)
        let machine = try ReleaseService.decode(release.machine)
        // A hotfix compares with the release it fixes; a regular release with the newest released one before it.
        let previous: StoredRelease? = if case .hotfix(let base) = machine.kind {
            earlier.first { $0.version == base }
        } else {
            earlier.first { $0.id < release.id }
        }
        let (commits, origin, head) = try await source.commits(repository: repository, base: previous?.branch, head: release.branch)
        let notes = ReleaseNotes(commits: commits)
        let markdown = notes.markdown(version: release.version)
        if request.uri.queryParameters.get("format") == "markdown" {
            return .text(markdown, contentType: "text/markdown; charset=utf-8")
        }
        return try .json(Notes(
            releaseID: release.id, version: release.version, base: previous?.branch, head: head, source: origin,
            commits: commits.count, pullRequests: notes.pullRequests, markdown: markdown
        ))
    }
}
