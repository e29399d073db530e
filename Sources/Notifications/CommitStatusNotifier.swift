import Core
import Foundation
import GitHosts
import HTTPClient
import Logging
import Store
import Synchronization

// MARK: - CommitStatusNotifier

/// Delivers `commit_status` outbox messages to the repository's git host: GitHub, GitLab or
/// Bitbucket Cloud, through that host's `GitHostClient` (whose requests go through
/// ``HTTPExecuting``, libcurl's ``HTTPClient`` in production).
///
/// Before sending, it re-reads the build: a message whose state the build has already left is
/// skipped as superseded, so a retried "running" can never overwrite a delivered "passed".
///
/// A provider without a token is skipped, not failed: the message is marked delivered with
/// `lastError` "skipped: no MOBILE_OPS_…_TOKEN", and a warning is logged once per provider.
/// Retrying could not help until an operator sets the token and restarts, and keeping such
/// messages would flood the dead list with noise for teams that do not want statuses.
public final class CommitStatusNotifier: OutboxHandler {
    private let configuration: NotifierConfiguration
    private let hosts: GitHostClients
    private let repositories: any RepositoryLookup
    private let builds: any BuildStore
    private let logger: Logger
    /// Providers already warned about a missing token, so the log says it once, not per build.
    private let warnedProviders = Mutex<Set<GitProvider>>([])

    /// Creates a notifier.
    /// - Parameters:
    ///   - hosts: The git host clients; their configuration's tokens and public URL decide
    ///     what is skipped and what statuses link to.
    ///   - repositories: Resolves a message's repository (provider and full name); the server
    ///     passes its cached `RepositoryService`, so a message costs no read for it.
    ///   - builds: Reads the build's current state, to skip superseded messages.
    ///   - logger: Never given a token.
    public init(hosts: GitHostClients, repositories: any RepositoryLookup, builds: any BuildStore, logger: Logger) {
        self.configuration = hosts.configuration
        self.hosts = hosts
        self.repositories = repositories
        self.builds = builds
        self.logger = logger
    }

    /// Creates a notifier with clients of its own for `configuration`'s hosts, sending through `http`.
    public convenience init(
        configuration: NotifierConfiguration, http: any HTTPExecuting, repositories: any RepositoryLookup,
        builds: any BuildStore, logger: Logger
    ) {
        self.init(hosts: GitHostClients(configuration: configuration, http: http), repositories: repositories, builds: builds, logger: logger)
    }

    // MARK: Delivering

    /// Sends the commit status a message describes and classifies the result.
    public func deliver(_ message: OutboxMessage) async -> OutboxDeliveryOutcome {
        let payload: CommitStatusPayload
        do {
            payload = try JSONDecoder().decode(CommitStatusPayload.self, from: Data(message.payload.utf8))
        } catch {
            return .permanentFailure("undecodable \(CommitStatusPayload.kind) payload: \(error)")
        }
        guard let state = BuildState(rawValue: payload.state) else {
            return .permanentFailure("unknown build state \(payload.state.debugDescription) in payload")
        }
        guard CommitStatus.isValidSHA(payload.commitSHA) else {
            return .permanentFailure("commit \(payload.commitSHA.debugDescription) is not a hex object id")
        }
        let status: CommitStatus
        let repository: Repository
        switch await resolve(payload, state: state) {
        case .failure(let decided): return decided.outcome
        case .success(let resolved): (status, repository) = resolved
        }
        do {
            switch try await hosts.client(for: repository.provider).postStatus(status, repository: repository.name) {
            case .posted: return .delivered
            case .alreadyShown(let reason): return .skipped(reason)
            }
        } catch {
            return OutboxDeliveryOutcome(error)
        }
    }

    // MARK: Resolving

    /// Looks up the repository and build and makes the status to post, or says why not.
    /// Without a token for the repository's host the build is not read at all.
    private func resolve(_ payload: CommitStatusPayload, state: BuildState) async -> Result<(CommitStatus, Repository), OutcomeError> {
        let repository: Repository?
        do { repository = try await repositories.repository(id: payload.repositoryID) } catch {
            // The database being busy or away is worth another try.
            return .failure(.init(.retry("reading the repository failed: \(error)", retryAfter: nil)))
        }
        guard let repository else {
            return .failure(.init(.skipped("repository \(payload.repositoryID) no longer exists")))
        }
        guard configuration.token(for: repository.provider) != nil else {
            warnMissingToken(repository.provider)
            return .failure(.init(.skipped("no \(NotifierConfiguration.tokenVariable(for: repository.provider)) configured")))
        }
        let build: Build?
        do { build = try await builds.build(id: payload.buildID) } catch {
            return .failure(.init(.retry("reading the build failed: \(error)", retryAfter: nil)))
        }
        guard let build else { return .failure(.init(.skipped("build \(payload.buildID) no longer exists"))) }
        guard build.state == state else {
            return .failure(.init(.skipped("superseded: build \(payload.buildID) is now \(build.state.rawValue)")))
        }
        let status = CommitStatus(
            buildID: payload.buildID, number: payload.number, pipeline: payload.pipeline, commitSHA: payload.commitSHA,
            state: state, targetURL: configuration.targetURL(buildID: payload.buildID)
        )
        return .success((status, repository))
    }

    /// Logs the missing token once per provider (and never a token itself).
    private func warnMissingToken(_ provider: GitProvider) {
        let isFirst = warnedProviders.withLock { $0.insert(provider).inserted }
        guard isFirst else { return }
        logger.warning(
            "commit statuses for \(provider.rawValue) repositories are skipped: set \(NotifierConfiguration.tokenVariable(for: provider)) to send them"
        )
    }
}

// MARK: - OutcomeError

/// An outcome decided before any request was sent, carried through `Result`.
private struct OutcomeError: Error {
    let outcome: OutboxDeliveryOutcome

    init(_ outcome: OutboxDeliveryOutcome) {
        self.outcome = outcome
    }
}
