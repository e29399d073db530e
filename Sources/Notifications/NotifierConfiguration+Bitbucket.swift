import Foundation
import HTTPClient

// MARK: - Bitbucket Cloud requests elsewhere

extension NotifierConfiguration {
    /// The headers every Bitbucket Cloud request carries (``bitbucketToken`` as Bearer, or
    /// `username:app-password` as Basic; JSON both ways), for callers outside the notifiers
    /// such as the release train's branch cuts.
    public func bitbucketHeaders(token: String) -> HTTPHeaders {
        BitbucketStatusAPI.headers(token: token, configuration: self)
    }

    /// `{api}/2.0/repositories/{workspace}/{repo_slug}` for `repository`, each part encoded;
    /// nil when the name is not `workspace/repo_slug`.
    public func bitbucketRepositoryURL(_ repository: String) -> String? {
        (try? BitbucketStatusAPI.repositoryPath(repository)).map { bitbucketAPIURL + $0 }
    }
}
