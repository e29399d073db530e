import Core
import HTTPClient

// MARK: - GitLabStatusAPI

/// GitLab's commit status API (gitlab.com and self-hosted):
/// `POST {api}/projects/{url-encoded full path}/statuses/{sha}`.
enum GitLabStatusAPI {
    /// The request body (GitLab accepts JSON as well as form fields); `name` is the label
    /// that keeps each pipeline's status apart.
    struct Body: Encodable, Equatable {
        var state: String
        var name: String
        var targetURL: String?
        var description: String

        enum CodingKeys: String, CodingKey {
            case state, name, description
            case targetURL = "target_url"
        }
    }

    /// GitLab has a state for every build state.
    static func state(_ state: BuildState) -> String {
        switch state {
        case .pending: "pending"
        case .running: "running"
        case .passed: "success"
        case .failed: "failed"
        case .canceled: "canceled"
        }
    }

    /// The request reporting `status` on `repository` (`group[/subgroup…]/project`).
    static func request(
        _ status: CommitStatus, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        guard CommitStatus.nameParts(repository, allowed: 2...20) != nil else {
            throw CommitStatusError("repository name \(repository) is not a GitLab project path (group/project)")
        }
        // The whole path is one segment: its slashes are encoded, as GitLab's API requires.
        let path = "/projects/\(CommitStatus.pathSegment(repository))/statuses/\(status.commitSHA)"
        let body = Body(state: state(status.state), name: status.context, targetURL: status.targetURL, description: status.summary)
        let headers: HTTPHeaders = [
            "PRIVATE-TOKEN": token,
            "Accept": "application/json",
            "Content-Type": "application/json",
            "User-Agent": configuration.userAgent,
        ]
        return HTTPRequest(
            method: .post, url: configuration.gitlabAPIURL + path, headers: headers,
            body: try CommitStatus.jsonBody(body), timeout: configuration.requestTimeout
        )
    }
}
