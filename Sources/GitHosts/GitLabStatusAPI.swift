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
        let body = Body(state: state(status.state), name: status.context, targetURL: status.targetURL, description: status.summary)
        return try request(body, commitSHA: status.commitSHA, repository: repository, token: token, configuration: configuration)
    }

    /// The request posting `body` as a status of `commitSHA` (also the findings status).
    static func request(
        _ body: Body, commitSHA: String, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: configuration.gitlabAPIURL + (try projectPath(repository)) + "/statuses/\(commitSHA)",
            headers: GitLabClient.headers(.rest, token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout
        )
    }

    /// `/projects/{url-encoded full path}`: the whole path is one segment, its slashes
    /// encoded, as GitLab's API requires.
    static func projectPath(_ repository: String) throws(CommitStatusError) -> String {
        guard HostEncoding.nameParts(repository, allowed: 2...20) != nil else {
            throw CommitStatusError("repository name \(repository) is not a GitLab project path (group/project)")
        }
        return "/projects/\(HostEncoding.pathSegment(repository))"
    }

    /// Why a 400 means the commit already shows the state, or nil for any other answer.
    ///
    /// GitLab refuses to move a status to the state it is in ("Cannot transition status via
    /// :run from :running"): a retry whose first attempt landed but whose answer was lost, or
    /// a build that went back to pending, would otherwise turn into a dead message.
    static func alreadyShown(_ response: HTTPResponse) -> String? {
        guard response.status == 400, response.bodyText.contains("Cannot transition status via") else { return nil }
        return "GitLab already shows this state (\(GitHostError.bodyExcerpt(response.bodyText)))"
    }
}
