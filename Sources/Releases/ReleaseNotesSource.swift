import Core
import Foundation
import HTTPClient
import Notifications
import ReleaseTrain
import Store

// MARK: - ReleaseNotesSource

/// Lists the commits of a release for its notes: from the previous released version's branch
/// (the train's "release tag") to this release's branch.
///
/// The server has no checkout of its own, so the commits come from where they can be read
/// without one: a repository whose clone URL is a local path or `file://` URL is read with
/// `git log` (``GitCommitLog``); otherwise the git host's compare API answers (GitHub
/// `GET /repos/{o}/{r}/compare/{base}...{head}`, GitLab `GET /projects/:id/repository/compare`).
public struct ReleaseNotesSource: Sendable {
    let configuration: NotifierConfiguration
    let http: any HTTPExecuting

    /// Creates it with the git hosts' API roots and tokens.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.configuration = configuration
        self.http = http
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
        switch repository.provider {
        case .github: return (try await github(repository.name, base: base, head: head), "github", head)
        case .gitlab: return (try await gitlab(repository.name, base: base, head: head), "gitlab", head)
        case .bitbucket: throw ServiceError.conflict(code: "notes_unavailable", "release notes from Bitbucket are not supported yet")
        }
    }

    /// The directory of a local clone URL, or nil for a remote one.
    public static func localPath(_ cloneURL: String) -> String? {
        if cloneURL.hasPrefix("file://") { return URL(string: cloneURL)?.path }
        return cloneURL.hasPrefix("/") ? cloneURL : nil
    }

    // MARK: GitHub

    private func github(_ name: String, base: String?, head: String) async throws -> [GitCommit] {
        struct Entry: Decodable {
            struct Commit: Decodable {
                struct Author: Decodable { var name: String? }
                var message: String
                var author: Author?
            }
            struct User: Decodable { var login: String? }
            var sha: String
            var commit: Commit
            var author: User?
        }
        struct Compare: Decodable { var commits: [Entry] }
        let root = "\(configuration.githubAPIURL)/repos/\(name)"
        let url = base.map { "\(root)/compare/\(GitBranchCutter.component($0))...\(GitBranchCutter.component(head))" }
            ?? "\(root)/commits?sha=\(GitBranchCutter.component(head))&per_page=100"
        var headers: HTTPHeaders = ["Accept": "application/vnd.github+json", "User-Agent": configuration.userAgent]
        if let token = configuration.githubToken { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let body = try await get(url, headers: headers)
        // Compare lists oldest first; the commits list newest first.
        let entries: [Entry]
        do {
            entries = base == nil
                ? try JSONDecoder().decode([Entry].self, from: body)
                : Array(try JSONDecoder().decode(Compare.self, from: body).commits.reversed())
        } catch {
            throw ServiceError.gitHost("GitHub's commit comparison is not the documented JSON", code: "git_host_error")
        }
        return entries.map { entry in
            let (subject, rest) = Self.split(entry.commit.message)
            return GitCommit(sha: entry.sha, subject: subject, author: entry.author?.login ?? entry.commit.author?.name ?? "unknown", body: rest)
        }
    }

    // MARK: GitLab

    private func gitlab(_ name: String, base: String?, head: String) async throws -> [GitCommit] {
        struct Entry: Decodable {
            var id: String
            var message: String
            var author_name: String?
        }
        struct Compare: Decodable { var commits: [Entry] }
        guard let base else { throw ServiceError.conflict(code: "notes_unavailable", "a first release has no earlier release to compare with on GitLab") }
        let url = "\(configuration.gitlabAPIURL)/projects/\(GitBranchCutter.component(name))/repository/compare?from=\(GitBranchCutter.component(base))&to=\(GitBranchCutter.component(head))"
        var headers: HTTPHeaders = ["User-Agent": configuration.userAgent]
        if let token = configuration.gitlabToken { headers.add(name: "PRIVATE-TOKEN", value: token) }
        let compare = try JSONDecoder().decode(Compare.self, from: try await get(url, headers: headers))
        return compare.commits.reversed().map { entry in
            let (subject, rest) = Self.split(entry.message)
            return GitCommit(sha: entry.id, subject: subject, author: entry.author_name ?? "unknown", body: rest)
        }
    }

    // MARK: Plumbing

    private func get(_ url: String, headers: HTTPHeaders) async throws -> Data {
        let response: HTTPResponse
        do { response = try await http.execute(HTTPRequest(method: .get, url: url, headers: headers, timeout: configuration.requestTimeout)) } catch {
            throw ServiceError.gitHost("the git host could not be reached: \(error)", code: "git_host_unreachable")
        }
        guard response.isSuccess else {
            throw ServiceError.gitHost("the git host answered HTTP \(response.status) for the commit comparison", code: "git_host_error")
        }
        return Data(response.body)
    }

    /// A commit message's subject line and the rest.
    public static func split(_ message: String) -> (String, String) {
        guard let newline = message.firstIndex(of: "\n") else { return (message, "") }
        return (String(message[..<newline]), message[message.index(after: newline)...].trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
