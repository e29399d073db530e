import Core
import Foundation
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
        guard let parts = CommitStatus.nameParts(repository, allowed: 2...2) else {
            throw CommitStatusError("repository name \(repository) is not workspace/repo_slug, as Bitbucket needs")
        }
        let workspace = CommitStatus.pathSegment(parts[0])
        let slug = CommitStatus.pathSegment(parts[1])
        let path = "/2.0/repositories/\(workspace)/\(slug)/commit/\(status.commitSHA)/statuses/build"
        // `url` is required: without a public URL, link the commit itself.
        let link = status.targetURL ?? "https://bitbucket.org/\(workspace)/\(slug)/commits/\(status.commitSHA)"
        let body = Body(
            key: "mobile-ops-\(status.pipeline)", state: state(status.state), name: status.context,
            url: link, description: status.summary
        )
        let authorization = token.contains(":")
            ? "Basic \(Data(token.utf8).base64EncodedString())"
            : "Bearer \(token)"
        let headers: HTTPHeaders = [
            "Authorization": authorization,
            "Accept": "application/json",
            "Content-Type": "application/json",
            "User-Agent": configuration.userAgent,
        ]
        return HTTPRequest(
            method: .post, url: configuration.bitbucketAPIURL + path, headers: headers,
            body: try CommitStatus.jsonBody(body), timeout: configuration.requestTimeout
        )
    }
}
