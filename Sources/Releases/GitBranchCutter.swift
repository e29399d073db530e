import Core
import Foundation
import HTTPClient
import Notifications

// MARK: - GitBranchCutter

/// Creates release branches through the git host's API, with the hosts and tokens already
/// configured for commit statuses (`MOBILE_OPS_GITHUB_API_URL`, `MOBILE_OPS_GITHUB_TOKEN`, …).
///
/// - GitHub: `GET /repos/{o}/{r}/git/ref/heads/{from}` for the head sha, then
///   `POST /repos/{o}/{r}/git/refs` with `refs/heads/{branch}`.
/// - GitLab: `POST /projects/{url-encoded path}/repository/branches?branch=…&ref=…`.
///
/// A branch that already exists counts as cut, so a scheduler that stopped between the API
/// call and recording it simply carries on after a restart.
public struct GitBranchCutter: Sendable {
    let configuration: NotifierConfiguration
    let http: any HTTPExecuting

    /// Creates it with the git hosts' API roots and tokens.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.configuration = configuration
        self.http = http
    }

    /// Creates `branch` from the tip of `from` in `repository`; answers the commit it points at.
    public func cut(branch: String, from: String, in repository: Repository) async throws(BranchCutError) -> String? {
        guard let token = configuration.token(for: repository.provider) else {
            throw BranchCutError("no token for \(repository.provider.rawValue); set \(NotifierConfiguration.tokenVariable(for: repository.provider)) so the train can cut branches")
        }
        switch repository.provider {
        case .github: return try await cutOnGitHub(branch: branch, from: from, repository: repository.name, token: token)
        case .gitlab: return try await cutOnGitLab(branch: branch, from: from, repository: repository.name, token: token)
        case .bitbucket: throw BranchCutError("cutting branches on Bitbucket is not supported yet; create \(branch) by hand and advance the release")
        }
    }

    // MARK: GitHub

    private func cutOnGitHub(branch: String, from: String, repository: String, token: String) async throws(BranchCutError) -> String? {
        let base = "\(configuration.githubAPIURL)/repos/\(repository)/git"
        let headers: HTTPHeaders = [
            "Authorization": "Bearer \(token)", "Accept": "application/vnd.github+json",
            "User-Agent": configuration.userAgent, "X-GitHub-Api-Version": "2022-11-28",
        ]
        let head = try await send(HTTPRequest(method: .get, url: "\(base)/ref/heads/\(Self.path(from))", headers: headers), "read \(from)")
        guard head.isSuccess else { throw BranchCutError.answer(head, "read the head of \(from) in \(repository)") }
        struct Ref: Decodable {
            struct Object: Decodable { var sha: String }
            var object: Object
        }
        guard let sha = try? JSONDecoder().decode(Ref.self, from: Data(head.body)).object.sha else {
            throw BranchCutError("GitHub's answer for \(from) has no object.sha")
        }
        var postHeaders = headers
        postHeaders.add(name: "Content-Type", value: "application/json")
        let body = (try? JSONSerialization.data(withJSONObject: ["ref": "refs/heads/\(branch)", "sha": sha], options: [.sortedKeys])) ?? Data()
        let created = try await send(HTTPRequest(method: .post, url: "\(base)/refs", headers: postHeaders, body: Array(body)), "create \(branch)")
        // 422 "Reference already exists": an earlier attempt got through.
        guard created.isSuccess || (created.status == 422 && created.bodyText.contains("already exists")) else {
            throw BranchCutError.answer(created, "create \(branch) in \(repository)")
        }
        return sha
    }

    // MARK: GitLab

    private func cutOnGitLab(branch: String, from: String, repository: String, token: String) async throws(BranchCutError) -> String? {
        let project = Self.component(repository)
        let url = "\(configuration.gitlabAPIURL)/projects/\(project)/repository/branches?branch=\(Self.component(branch))&ref=\(Self.component(from))"
        let headers: HTTPHeaders = ["PRIVATE-TOKEN": token, "User-Agent": configuration.userAgent]
        let created = try await send(HTTPRequest(method: .post, url: url, headers: headers, body: []), "create \(branch)")
        guard created.isSuccess || (created.status == 400 && created.bodyText.contains("already exists")) else {
            throw BranchCutError.answer(created, "create \(branch) in \(repository)")
        }
        struct Branch: Decodable {
            struct Commit: Decodable { var id: String }
            var commit: Commit?
        }
        return (try? JSONDecoder().decode(Branch.self, from: Data(created.body)))?.commit?.id
    }

    // MARK: Plumbing

    private func send(_ request: HTTPRequest, _ operation: String) async throws(BranchCutError) -> HTTPResponse {
        var request = request
        request.timeout = configuration.requestTimeout
        do { return try await http.execute(request) } catch {
            throw BranchCutError("\(operation): \(error.description)")
        }
    }

    /// A branch name as a path (slashes kept, as GitHub's ref API expects).
    public static func path(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// One URL component, slashes encoded (GitLab's project paths and query values).
    public static func component(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

// MARK: - BranchCutError

/// Why a branch could not be cut; never contains the token.
public struct BranchCutError: Error, Sendable, CustomStringConvertible {
    /// What failed, as the host said it.
    public var description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }

    /// The host's status and a short piece of its answer.
    public static func answer(_ response: HTTPResponse, _ operation: String) -> BranchCutError {
        BranchCutError("could not \(operation): HTTP \(response.status) \(response.bodyText.prefix(200))")
    }
}
