import Core
import HTTPClient

// MARK: - GitHubStatusAPI

/// GitHub's commit status API (github.com and Enterprise Server):
/// `POST {api}/repos/{owner}/{repo}/statuses/{sha}`.
enum GitHubStatusAPI {
    /// The request body; `target_url` is left out when there is no public URL.
    struct Body: Encodable, Equatable {
        var state: String
        var targetURL: String?
        var description: String
        var context: String

        enum CodingKeys: String, CodingKey {
            case state, description, context
            case targetURL = "target_url"
        }
    }

    /// GitHub's states: it has no "running" (pending covers it) and no "canceled" (error is
    /// the state that neither blocks as a failure nor claims success).
    static func state(_ state: BuildState) -> String {
        switch state {
        case .pending, .running: "pending"
        case .passed: "success"
        case .failed: "failure"
        case .canceled: "error"
        }
    }

    /// The request reporting `status` on `repository` (`owner/repo`).
    static func request(
        _ status: CommitStatus, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        guard let parts = CommitStatus.nameParts(repository, allowed: 2...2) else {
            throw CommitStatusError("repository name \(repository) is not owner/repo, as GitHub needs")
        }
        let path = "/repos/\(CommitStatus.pathSegment(parts[0]))/\(CommitStatus.pathSegment(parts[1]))/statuses/\(status.commitSHA)"
        let body = Body(state: state(status.state), targetURL: status.targetURL, description: status.summary, context: status.context)
        let headers: HTTPHeaders = [
            "Authorization": "Bearer \(token)",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "Content-Type": "application/json",
            "User-Agent": configuration.userAgent,
        ]
        return HTTPRequest(
            method: .post, url: configuration.githubAPIURL + path, headers: headers,
            body: try CommitStatus.jsonBody(body), timeout: configuration.requestTimeout
        )
    }
}
