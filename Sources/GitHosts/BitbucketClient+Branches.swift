import Core
import Foundation
import HTTPClient

// MARK: - Branch cuts

/// `GET {api}/2.0/repositories/{workspace}/{repo_slug}/refs/branches/{branch}` (an existing
/// branch is taken as it is), `GET …/refs/branches/{from}` for its commit, then
/// `POST …/refs/branches` with `{"name": branch, "target": {"hash": full commit hash}}`.
extension BitbucketClient {
    /// Cuts `branch` from `from`; answers the commit it points at.
    public func cutBranch(_ branch: String, from: String, repository: String) async throws(BranchCutError) -> String? {
        let token = try branchToken()
        guard let path = try? BitbucketStatusAPI.repositoryPath(repository) else {
            throw BranchCutError("repository name \(repository) is not workspace/repo_slug, as Bitbucket needs")
        }
        let root = configuration.bitbucketAPIURL + path
        let headers = Self.headers(token: token, userAgent: configuration.userAgent)
        // The docs do not say how creating an existing branch is answered: look first.
        if let existing = try await branchHead(branch, root: root, headers: headers, repository: repository) { return existing }
        guard let sha = try await branchHead(from, root: root, headers: headers, repository: repository) else {
            throw BranchCutError("could not read the head of \(from) in \(repository): Bitbucket has no such branch")
        }
        // The docs prefer the full commit hash to a prefix, and want the name without `refs/heads/`.
        let body = (try? JSONSerialization.data(withJSONObject: ["name": branch, "target": ["hash": sha]], options: [.sortedKeys])) ?? Data()
        let created = try await exchange.answer(
            HTTPRequest(method: .post, url: "\(root)/refs/branches", headers: headers, body: Array(body)), "create \(branch)",
            timeout: configuration.requestTimeout)
        guard created.isSuccess else { throw BranchCutError.answer(created, "create \(branch) in \(repository)") }
        return sha
    }

    /// The commit Bitbucket's branch `name` points at, or nil when there is no such branch.
    private func branchHead(_ name: String, root: String, headers: HTTPHeaders, repository: String) async throws(BranchCutError) -> String? {
        // `{name}` is the rest of the path: a branch's slashes stay slashes (an encoded one is
        // not read as part of the name by every Bitbucket endpoint).
        let answer = try await exchange.answer(
            HTTPRequest(method: .get, url: "\(root)/refs/branches/\(HostEncoding.refPath(name))", headers: headers), "read \(name)",
            timeout: configuration.requestTimeout)
        if answer.status == 404 { return nil }
        guard answer.isSuccess else { throw BranchCutError.answer(answer, "read \(name) in \(repository)") }
        struct Branch: Decodable {
            struct Target: Decodable { var hash: String }
            var target: Target
        }
        guard let hash = try? JSONDecoder().decode(Branch.self, from: Data(answer.body)).target.hash else {
            throw BranchCutError("Bitbucket's answer for \(name) has no target.hash")
        }
        return hash
    }
}
