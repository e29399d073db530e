import Core
import Foundation
import HTTPClient

// MARK: - Branch cuts

/// `GET {api}/repos/{o}/{r}/git/ref/heads/{from}` for the head sha, then
/// `POST {api}/repos/{o}/{r}/git/refs` with `refs/heads/{branch}`; GitHub's 422 "Reference
/// already exists" means an earlier attempt got through.
extension GitHubClient {
    /// Cuts `branch` from `from`; answers the commit it points at.
    public func cutBranch(_ branch: String, from: String, repository: String) async throws(BranchCutError) -> String? {
        let token = try branchToken()
        // The repository name goes in as registered, as it always has for branch cuts.
        let base = "\(configuration.githubAPIURL)/repos/\(repository)/git"
        let headers = Self.headers(.branches(json: false), token: token, userAgent: configuration.userAgent)
        let head = try await exchange.answer(
            HTTPRequest(method: .get, url: "\(base)/ref/heads/\(HostEncoding.refPath(from))", headers: headers), "read \(from)",
            timeout: configuration.requestTimeout)
        guard head.isSuccess else { throw BranchCutError.answer(head, "read the head of \(from) in \(repository)") }
        struct Ref: Decodable {
            struct Object: Decodable { var sha: String }
            var object: Object
        }
        guard let sha = try? JSONDecoder().decode(Ref.self, from: Data(head.body)).object.sha else {
            throw BranchCutError("GitHub's answer for \(from) has no object.sha")
        }
        let postHeaders = Self.headers(.branches(json: true), token: token, userAgent: configuration.userAgent)
        let body = (try? JSONSerialization.data(withJSONObject: ["ref": "refs/heads/\(branch)", "sha": sha], options: [.sortedKeys])) ?? Data()
        let created = try await exchange.answer(
            HTTPRequest(method: .post, url: "\(base)/refs", headers: postHeaders, body: Array(body)), "create \(branch)",
            timeout: configuration.requestTimeout)
        // 422 "Reference already exists": an earlier attempt got through.
        guard created.isSuccess || (created.status == 422 && created.bodyText.contains("already exists")) else {
            throw BranchCutError.answer(created, "create \(branch) in \(repository)")
        }
        return sha
    }
}
