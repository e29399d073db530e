import Core

// MARK: - GitHostClient

/// One git host's API as MobileOps uses it: commit statuses, the findings report on a pull
/// request or commit, release branch cuts and the commits between two refs.
///
/// ``GitHostClients/client(for:)`` picks the client of a repository's provider. A new provider
/// is one webhook adapter (`Webhooks`), one type conforming to this protocol and one case in
/// that factory. Each client builds its host's headers in one place (its `headers` function).
public protocol GitHostClient: Sendable {
    /// The provider it speaks to.
    var provider: GitProvider { get }
    /// The host's name in messages: `GitHub`, `GitLab`, `Bitbucket`.
    var hostName: String { get }
    /// The API roots, tokens, `User-Agent` and request timeout it uses.
    var configuration: NotifierConfiguration { get }

    /// Posts `status` on its commit in `repository` (the host's full name).
    /// - Returns: ``CommitStatusResult/alreadyShown(_:)`` when the host refused a state the
    ///   commit already shows (GitLab), which is no failure.
    /// - Throws: ``GitHostError``; permanent when no token is configured (callers that skip
    ///   instead check ``NotifierConfiguration/token(for:)`` first).
    func postStatus(_ status: CommitStatus, repository: String) async throws(GitHostError) -> CommitStatusResult

    /// Puts `report` on its build's pull request or commit in `repository`. `externalID` is
    /// unique per build and delivery attempt's message; GitHub's check run carries it, so a
    /// retry resumes the run instead of adding a second.
    /// - Throws: ``GitHostError``, its message naming the step that failed.
    func reportFindings(_ report: FindingsReport, repository: String, externalID: String) async throws(GitHostError)

    /// Cuts `branch` from the tip of `from` in `repository`; an existing branch counts as cut.
    /// - Returns: The commit the branch points at, when the host said.
    /// - Throws: ``BranchCutError``, also when no token is configured.
    func cutBranch(_ branch: String, from: String, repository: String) async throws(BranchCutError) -> String?

    /// The commits of `head` since `base` (or the latest of `head` without one), newest first.
    /// Works without a token where the host allows it (public repositories).
    /// - Throws: `ServiceError` with codes `git_host_unreachable`, `git_host_error` or
    ///   `notes_unavailable` (a host or a question the client cannot answer).
    func commits(repository: String, base: String?, head: String) async throws -> [HostCommit]
}

// MARK: - Tokens

extension GitHostClient {
    /// The provider's token, or the failure a write without one is.
    func requireToken() throws(GitHostError) -> String {
        guard let token = configuration.token(for: provider) else {
            throw GitHostError(.permanent, "no \(NotifierConfiguration.tokenVariable(for: provider)) configured")
        }
        return token
    }

    /// The provider's token for a branch cut, or the reason the cut cannot go through the API,
    /// in the words the release's event has always used.
    func branchToken() throws(BranchCutError) -> String {
        guard let token = configuration.token(for: provider) else {
            throw BranchCutError("no \(NotifierConfiguration.tokenVariable(for: provider)) is set to cut it through the \(hostName) API")
        }
        return token
    }
}
