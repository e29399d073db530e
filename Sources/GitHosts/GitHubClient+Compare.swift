import Core
import Foundation
import HTTPClient

// MARK: - Compares

/// `GET {api}/repos/{o}/{r}/compare/{base}...{head}` (oldest first), or without a base
/// `GET {api}/repos/{o}/{r}/commits?sha={head}&per_page=100` (newest first).
extension GitHubClient {
    /// The commits of `head` since `base`, newest first; the token is sent when there is one.
    public func commits(repository: String, base: String?, head: String) async throws -> [HostCommit] {
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
        // The repository name goes in as registered, as it always has for compares.
        let root = "\(configuration.githubAPIURL)/repos/\(repository)"
        let url = base.map { "\(root)/compare/\(HostEncoding.component($0))...\(HostEncoding.component(head))" }
            ?? "\(root)/commits?sha=\(HostEncoding.component(head))&per_page=100"
        let headers = Self.headers(.compare, token: configuration.githubToken, userAgent: configuration.userAgent)
        let body = try await exchange.compareBody(url, headers: headers, timeout: configuration.requestTimeout)
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
            HostCommit(sha: entry.sha, message: entry.commit.message, author: entry.author?.login ?? entry.commit.author?.name ?? "unknown")
        }
    }
}
