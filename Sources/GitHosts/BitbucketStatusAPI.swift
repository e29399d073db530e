import Core
import HTTPClient

// MARK: - BitbucketStatusAPI

/// Bitbucket Cloud's build status API:
/// `POST {api}/2.0/repositories/{workspace}/{repo_slug}/commit/{sha}/statuses/build`.
enum BitbucketStatusAPI {
    /// The request body. Bitbucket requires `url`; a status with the same `key` replaces the
    /// previous one, so the key is per pipeline, like the context on the other providers.
    struct Body: Encodable, Equatable {
        var key: String
        var state: String
        var name: String
        var url: String
        var description: String
    }

    /// Bitbucket's states: queued and running are both in progress; canceled is stopped.
    static func state(_ state: BuildState) -> String {
        switch state {
        case .pending, .running: "INPROGRESS"
        case .passed: "SUCCESSFUL"
        case .failed: "FAILED"
        case .canceled: "STOPPED"
        }
    }

    /// The request reporting `status` on `repository` (`workspace/repo_slug`).
    ///
    /// `token` is an access token (sent as Bearer) or `username:app-password` (sent as Basic).
    static func request(
        _ status: CommitStatus, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        let repositoryPath = try repositoryPath(repository)
        let path = "\(repositoryPath)/commit/\(status.commitSHA)/statuses/build"
        // `url` is required: without a public URL, link the commit itself.
        let link = status.targetURL ?? commitPage(repository, commitSHA: status.commitSHA)
        let body = Body(
            key: "mobile-ops-\(status.pipeline)", state: state(status.state), name: status.context,
            url: link, description: status.summary
        )
        return HTTPRequest(
            method: .post, url: configuration.bitbucketAPIURL + path, headers: BitbucketClient.headers(token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout
        )
    }

    /// `/2.0/repositories/{workspace}/{repo_slug}`, each part encoded.
    static func repositoryPath(_ repository: String) throws(CommitStatusError) -> String {
        guard let parts = HostEncoding.nameParts(repository, allowed: 2...2) else {
            throw CommitStatusError("repository name \(repository) is not workspace/repo_slug, as Bitbucket needs")
        }
        return "/2.0/repositories/\(HostEncoding.pathSegment(parts[0]))/\(HostEncoding.pathSegment(parts[1]))"
    }

    /// The commit's page on bitbucket.org, the link when the server has no public URL.
    static func commitPage(_ repository: String, commitSHA: String) -> String {
        let parts = repository.split(separator: "/").map { HostEncoding.pathSegment(String($0)) }
        return "https://bitbucket.org/\(parts.joined(separator: "/"))/commits/\(commitSHA)"
    }
}
