import Core
import Foundation
import GitHosts
import HTTPClient
import MemberwiseInit
import ReleaseTrain

// MARK: - GitBranchCutter

/// Creates release branches through the git host's API (the repository's `GitHostClient`),
/// with the hosts and tokens already configured for commit statuses
/// (`MOBILE_OPS_GITHUB_TOKEN`, `MOBILE_OPS_GITLAB_TOKEN`, `MOBILE_OPS_BITBUCKET_TOKEN` and
/// their `…_API_URL`s).
///
/// A branch that already exists counts as cut: when the host cannot cut it (no token, a
/// token that may not create branches, the host down), the repository's clone URL is asked
/// with `git ls-remote` whether the branch is there, pushed by hand or by an earlier attempt.
/// So a team without a token (or on a plain git server) pushes the branch itself, and a
/// scheduler that stopped between the API call and recording it carries on after a restart.
public struct GitBranchCutter: Sendable {
    let hosts: GitHostClients
    let remote: GitRemoteBranches

    /// Creates it with the git host clients and the git that reads remotes.
    public init(hosts: GitHostClients, remote: GitRemoteBranches = GitRemoteBranches()) {
        self.hosts = hosts
        self.remote = remote
    }

    /// Creates it with clients of its own for `configuration`'s hosts, sending through `http`.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting, remote: GitRemoteBranches = GitRemoteBranches()) {
        self.init(hosts: GitHostClients(configuration: configuration, http: http), remote: remote)
    }

    /// Makes sure `branch` exists in `repository`: cut from the tip of `from` through the
    /// host's API, or found on the remote.
    /// - Throws: `BranchCutError`; `BranchCutError.isMissing` when the remote was read and
    ///   has no such branch.
    public func cut(branch: String, from: String, in repository: Repository) async throws(BranchCutError) -> BranchCut {
        let client = hosts.client(for: repository.provider)
        let variable = NotifierConfiguration.tokenVariable(for: repository.provider)
        let hostProblem: String
        // Without a token the client answers "no … is set to cut it through the … API" at once.
        do {
            let sha = try await client.cutBranch(branch, from: from, repository: repository.name)
            return BranchCut(sha: sha, detail: "\(branch) cut from \(from) through the \(client.hostName) API")
        } catch {
            hostProblem = error.description
        }
        let found: String?
        do { found = try await remote.head(of: branch, at: repository.cloneURL) } catch {
            throw BranchCutError("could not cut \(branch): \(hostProblem); and whether it exists could not be read: \(error.description)")
        }
        guard let found else {
            throw BranchCutError(
                "\(branch) does not exist in \(repository.cloneURL) and cannot be cut: \(hostProblem). Push it (git push origin \(from):\(branch)) "
                    + "and the next check or `mobile-ops release advance` records it, or set \(variable) with a token that may create branches",
                isMissing: true)
        }
        return BranchCut(sha: found, detail: "\(branch) exists at \(found.prefix(12)) (pushed without the train: \(hostProblem))")
    }
}

// MARK: - BranchCut

/// A release branch that exists: the commit it points at when known, and how it came to be,
/// for the release's `cut_branch` event.
@MemberwiseInit(.public)
public struct BranchCut: Sendable, Equatable {
    /// The commit the branch points at, when the host said.
    public var sha: String?
    /// `release/2.5.0 cut from main through the GitHub API`, or that it was found pushed.
    public var detail: String
}
