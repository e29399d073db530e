import Core
import Foundation
import HTTPClient

// MARK: - Branch cuts and compares

/// - Branch cut: `POST {api}/projects/{url-encoded path}/repository/branches?branch=…&ref=…`;
///   GitLab's 400 "already exists" means an earlier attempt got through.
/// - Compare: `GET {api}/projects/{url-encoded path}/repository/compare?from=…&to=…` (oldest
///   first); GitLab has no "latest commits" fallback here, so a first release has no notes.
extension GitLabClient {
    /// Cuts `branch` from `from`; answers the commit when GitLab's answer names it.
    public func cutBranch(_ branch: String, from: String, repository: String) async throws(BranchCutError) -> String? {
        let token = try branchToken()
        let project = HostEncoding.component(repository)
        let url = "\(configuration.gitlabAPIURL)/projects/\(project)/repository/branches?branch=\(HostEncoding.component(branch))&ref=\(HostEncoding.component(from))"
        let headers = Self.headers(.branches, token: token, userAgent: configuration.userAgent)
        let created = try await exchange.answer(
            HTTPRequest(method: .post, url: url, headers: headers, body: []), "create \(branch)", timeout: configuration.requestTimeout)
        guard created.isSuccess || (created.status == 400 && created.bodyText.contains("already exists")) else {
            throw BranchCutError.answer(created, "create \(branch) in \(repository)")
        }
        struct Branch: Decodable {
            struct Commit: Decodable { var id: String }
            var commit: Commit?
        }
        return (try? JSONDecoder().decode(Branch.self, from: Data(created.body)))?.commit?.id
    }

    /// The commits of `head` since `base`, newest first; the token is sent when there is one.
    public func commits(repository: String, base: String?, head: String) async throws -> [HostCommit] {
        struct Entry: Decodable {
            var id: String
            var message: String
            var author_name: String?
        }
        struct Compare: Decodable { var commits: [Entry] }
        guard let base else { throw ServiceError.conflict(code: "notes_unavailable", "a first release has no earlier release to compare with on GitLab") }
        let url = "\(configuration.gitlabAPIURL)/projects/\(HostEncoding.component(repository))/repository/compare?from=\(HostEncoding.component(base))&to=\(HostEncoding.component(head))"
        let headers = Self.headers(.compare, token: configuration.gitlabToken, userAgent: configuration.userAgent)
        // A body that is not the documented JSON fails with the decoder's own error, as it always has.
        let compare = try JSONDecoder().decode(Compare.self, from: try await exchange.compareBody(url, headers: headers, timeout: configuration.requestTimeout))
        return compare.commits.reversed().map { entry in
            HostCommit(sha: entry.id, message: entry.message, author: entry.author_name ?? "unknown")
        }
    }
}
