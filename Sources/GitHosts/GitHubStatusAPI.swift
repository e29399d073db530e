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
        let body = Body(state: state(status.state), targetURL: status.targetURL, description: status.summary, context: status.context)
        return try request(body, commitSHA: status.commitSHA, repository: repository, token: token, configuration: configuration)
    }

    /// The request posting `body` as a status of `commitSHA` (also the findings report's fallback).
    static func request(
        _ body: Body, commitSHA: String, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: configuration.githubAPIURL + (try repositoryPath(repository)) + "/statuses/\(commitSHA)",
            headers: GitHubClient.headers(.rest, token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout
        )
    }

    /// `/repos/{owner}/{repo}`, each part encoded.
    static func repositoryPath(_ repository: String) throws(CommitStatusError) -> String {
        guard let parts = HostEncoding.nameParts(repository, allowed: 2...2) else {
            throw CommitStatusError("repository name \(repository) is not owner/repo, as GitHub needs")
        }
        return "/repos/\(HostEncoding.pathSegment(parts[0]))/\(HostEncoding.pathSegment(parts[1]))"
    }
}
