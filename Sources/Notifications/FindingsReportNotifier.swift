import Core
import Foundation
import GitHosts
import HTTPClient
import Logging
import Store
import Synchronization

// MARK: - FindingsReportNotifier

/// Delivers `findings_report` outbox messages: a finished build's new analyser findings on its
/// pull request or commit, through the repository's git host client (module `GitHosts`):
/// - GitHub: a check run `mobile-ops/<pipeline>/findings` with a summary and annotations;
/// - GitLab: a merge request note and a commit status;
/// - Bitbucket Cloud: a Code Insights report with annotations.
///
/// It uses the commit statuses' API roots and tokens (``NotifierConfiguration``). A provider
/// without a token is skipped, as for commit statuses, with a warning logged once.
public final class FindingsReportNotifier: OutboxHandler {
    private let configuration: NotifierConfiguration
    private let hosts: GitHostClients
    private let repositories: any RepositoryLookup
    private let builds: any BuildStore
    private let source: any FindingsReportSource
    private let logger: Logger
    /// Providers already warned about a missing token.
    private let warnedProviders = Mutex<Set<GitProvider>>([])

    /// Creates a notifier.
    /// - Parameters:
    ///   - hosts: The git host clients; their configuration's tokens and public URL decide
    ///     what is skipped and what reports link to.
    ///   - repositories: Resolves the build's repository (provider and full name).
    ///   - builds: Reads the build: its commit, pull request and whether it is still finished.
    ///   - source: The build's findings against its baseline (Insights' `FindingsService`).
    ///   - logger: Never given a token.
    public init(
        hosts: GitHostClients, repositories: any RepositoryLookup, builds: any BuildStore, source: any FindingsReportSource, logger: Logger
    ) {
        self.configuration = hosts.configuration
        self.hosts = hosts
        self.repositories = repositories
        self.builds = builds
        self.source = source
        self.logger = logger
    }

    /// Creates a notifier with clients of its own for `configuration`'s hosts, sending through `http`.
    public convenience init(
        configuration: NotifierConfiguration, http: any HTTPExecuting, repositories: any RepositoryLookup, builds: any BuildStore,
        source: any FindingsReportSource, logger: Logger
    ) {
        self.init(
            hosts: GitHostClients(configuration: configuration, http: http), repositories: repositories, builds: builds, source: source,
            logger: logger)
    }

    /// Sends the report a message names and classifies the result.
    public func deliver(_ message: OutboxMessage) async -> OutboxDeliveryOutcome {
        let payload: FindingsReportPayload
        do {
            payload = try JSONDecoder().decode(FindingsReportPayload.self, from: Data(message.payload.utf8))
        } catch {
            return .permanentFailure("undecodable \(FindingsReportPayload.kind) payload: \(error)")
        }
        let build: Build
        do {
            guard let found = try await builds.build(id: payload.buildID) else { return .skipped("build \(payload.buildID) no longer exists") }
            build = found
        } catch {
            return .retry("reading the build failed: \(error)", retryAfter: nil)
        }
        // A build run again reports again when it finishes again.
        guard build.state.isFinished else { return .skipped("superseded: build \(build.id) is \(build.state.rawValue) again") }
        guard let repositoryID = build.repositoryID, CommitStatus.isValidSHA(build.commitSHA) else {
            return .skipped("build \(build.id) has no repository and commit to report on")
        }
        let repository: Repository
        do {
            guard let found = try await repositories.repository(id: repositoryID) else { return .skipped("repository \(repositoryID) no longer exists") }
            repository = found
        } catch {
            return .retry("reading the repository failed: \(error)", retryAfter: nil)
        }
        guard configuration.token(for: repository.provider) != nil else {
            warnMissingToken(repository.provider)
            return .skipped("no \(NotifierConfiguration.tokenVariable(for: repository.provider)) configured")
        }
        let report: FindingsReport
        do {
            guard let found = try await source.report(for: build) else { return .skipped("build \(build.id) no longer exists") }
            report = found
        } catch {
            return .retry("reading the findings failed: \(error)", retryAfter: nil)
        }
        do {
            try await hosts.client(for: repository.provider).reportFindings(
                report, repository: repository.name, externalID: "mobile-ops-build-\(build.id)-message-\(message.id)")
            return .delivered
        } catch {
            return OutboxDeliveryOutcome(error)
        }
    }

    /// Logs the missing token once per provider (and never a token itself).
    private func warnMissingToken(_ provider: GitProvider) {
        let isFirst = warnedProviders.withLock { $0.insert(provider).inserted }
        guard isFirst else { return }
        logger.warning(
            "findings reports for \(provider.rawValue) repositories are skipped: set \(NotifierConfiguration.tokenVariable(for: provider)) to send them"
        )
    }
}
