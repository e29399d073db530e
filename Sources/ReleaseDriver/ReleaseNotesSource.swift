import Core
import Foundation
import GitHosts
import HTTPClient
import MemberwiseInit
import ReleaseTrain

// MARK: - ReleaseNotesSource

/// Lists the commits of a release for its notes: from the previous released version's branch
/// (the train's "release tag") to this release's branch.
///
/// The server has no checkout of its own, so the commits come from where they can be read
/// without one: a repository whose clone URL is a local path or `file://` URL is read with
/// `git log` (``GitCommitLog``); otherwise the git host's compare API answers, through the
/// repository's `GitHostClient` (GitHub `GET /repos/{o}/{r}/compare/{base}...{head}`, GitLab
/// `GET /projects/:id/repository/compare`).
@MemberwiseInit(.public)
public struct ReleaseNotesSource: Sendable {
    let hosts: GitHostClients

    /// Creates it with clients of its own for `configuration`'s hosts, sending through `http`.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.init(hosts: GitHostClients(configuration: configuration, http: http))
    }

    /// The commits, newest first, and where they came from.
    public func commits(repository: Repository, base: String?, head: String) async throws -> (commits: [GitCommit], source: String, head: String) {
        if let path = Self.localPath(repository.cloneURL) {
            let log = GitCommitLog(repository: URL(fileURLWithPath: path))
            do {
                return (try await log.commits(since: base, until: head), "git", head)
            } catch {
                // The branch may only exist on the host (cut through its API): read the default branch.
                do {
                    return (try await log.commits(since: base, until: repository.defaultBranch), "git", repository.defaultBranch)
                } catch {
                    // The registered clone URL names nothing the server can read: like a host
                    // that cannot give notes, a conflict with how the repository is registered.
                    throw ServiceError.conflict(code: "notes_unavailable", "the clone at \(path) cannot be read for release notes (\(error.description)); register the repository with a clone the server can read")
                }
            }
        }
        // The source is named after the provider: "github", "gitlab" (Bitbucket cannot compare yet).
        let hostCommits = try await hosts.client(for: repository.provider).commits(repository: repository.name, base: base, head: head)
        let commits = hostCommits.map { commit in
            let (subject, rest) = Self.split(commit.message)
            return GitCommit(sha: commit.sha, subject: subject, author: commit.author, body: rest)
        }
        return (commits, repository.provider.rawValue, head)
    }

    /// The directory of a local clone URL, or nil for a remote one.
    public static func localPath(_ cloneURL: String) -> String? {
        if cloneURL.hasPrefix("file://") { return URL(string: cloneURL)?.path }
        return cloneURL.hasPrefix("/") ? cloneURL : nil
    }

    /// A commit message's subject line and the rest.
    public static func split(_ message: String) -> (String, String) {
        guard let newline = message.firstIndex(of: "\n") else { return (message, "") }
        return (String(message[..<newline]), message[message.index(after: newline)...].trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
