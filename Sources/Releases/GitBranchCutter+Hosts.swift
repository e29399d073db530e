import Core
import Foundation
import HTTPClient
import Notifications

// MARK: - Each host's API

/// - GitHub: `GET /repos/{o}/{r}/git/ref/heads/{from}` for the head sha, then
///   `POST /repos/{o}/{r}/git/refs` with `refs/heads/{branch}`.
/// - GitLab: `POST /projects/{url-encoded path}/repository/branches?branch=…&ref=…`.
/// - Bitbucket Cloud: `GET /2.0/repositories/{workspace}/{repo_slug}/refs/branches/{branch}`
///   (an existing branch is taken as it is), `GET …/refs/branches/{from}` for its commit, then
///   `POST …/refs/branches` with `{"name": branch, "target": {"hash": full commit hash}}`.
extension GitBranchCutter {
    /// Cuts `branch` from `from` through `repository`'s host; answers the commit when known.
    func cutThroughAPI(branch: String, from: String, repository: Repository, token: String) async throws(BranchCutError) -> String? {
        switch repository.provider {
        case .github: return try await cutOnGitHub(branch: branch, from: from, repository: repository.name, token: token)
        case .gitlab: return try await cutOnGitLab(branch: branch, from: from, repository: repository.name, token: token)
        case .bitbucket: return try await cutOnBitbucket(branch: branch, from: from, repository: repository.name, token: token)
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

    // MARK: Bitbucket Cloud

    private func cutOnBitbucket(branch: String, from: String, repository: String, token: String) async throws(BranchCutError) -> String? {
        guard let root = configuration.bitbucketRepositoryURL(repository) else {
            throw BranchCutError("repository name \(repository) is not workspace/repo_slug, as Bitbucket needs")
        }
        let headers = configuration.bitbucketHeaders(token: token)
        // The docs do not say how creating an existing branch is answered: look first.
        if let existing = try await bitbucketBranch(branch, root: root, headers: headers, repository: repository) { return existing }
        guard let sha = try await bitbucketBranch(from, root: root, headers: headers, repository: repository) else {
            throw BranchCutError("could not read the head of \(from) in \(repository): Bitbucket has no such branch")
        }
        // The docs prefer the full commit hash to a prefix, and want the name without `refs/heads/`.
        let body = (try? JSONSerialization.data(withJSONObject: ["name": branch, "target": ["hash": sha]], options: [.sortedKeys])) ?? Data()
        let created = try await send(HTTPRequest(method: .post, url: "\(root)/refs/branches", headers: headers, body: Array(body)), "create \(branch)")
        guard created.isSuccess else { throw BranchCutError.answer(created, "create \(branch) in \(repository)") }
        return sha
    }

    /// The commit Bitbucket's branch `name` points at, or nil when there is no such branch.
    private func bitbucketBranch(_ name: String, root: String, headers: HTTPHeaders, repository: String) async throws(BranchCutError) -> String? {
        // `{name}` is the rest of the path: a branch's slashes stay slashes (an encoded one is
        // not read as part of the name by every Bitbucket endpoint).
        let answer = try await send(HTTPRequest(method: .get, url: "\(root)/refs/branches/\(Self.path(name))", headers: headers), "read \(name)")
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

    // MARK: Plumbing

    private func send(_ request: HTTPRequest, _ operation: String) async throws(BranchCutError) -> HTTPResponse {
        var request = request
        request.timeout = configuration.requestTimeout
        do { return try await http.execute(request) } catch {
            throw BranchCutError("\(operation): \(error.description)")
        }
    }

    /// A branch name as a path (slashes kept, as GitHub's and Bitbucket's ref APIs expect).
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
