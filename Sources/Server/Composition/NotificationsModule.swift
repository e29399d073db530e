import Core
import DI
import GitHosts
import HTTPClient
import Insights
import Logging
import Notifications
import Scheduling
import Store

/// Registers outbound notification delivery: the libcurl client, the git host clients' factory,
/// commit statuses, findings reports on pull requests, the outbox loop.
struct NotificationsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any OutboxStore).self, .singleton) { (database: any StoreDatabase) -> any OutboxStore in database }
        // One client for every outbound call, so connections to each git host are reused.
        builder.register((any HTTPExecuting).self, .singleton) { () -> any HTTPExecuting in HTTPClient() }
        // The one factory of git host clients: the notifiers here, branch cuts and release
        // notes in ReleaseTrainModule.
        builder.register(GitHostClients.self, .singleton) { (configuration: ServerConfiguration, http: any HTTPExecuting) in
            GitHostClients(configuration: configuration.notifier, http: http)
        }
        builder.register(CommitStatusNotifier.self, .singleton) {
            (hosts: GitHostClients, repositories: RepositoryService, builds: any BuildStore, logger: Logger) in
            CommitStatusNotifier(hosts: hosts, repositories: repositories, builds: builds, logger: logger)
        }
        builder.register(FindingsReportNotifier.self, .singleton) {
            (hosts: GitHostClients, repositories: RepositoryService, builds: any BuildStore, findings: FindingsService, logger: Logger) in
            FindingsReportNotifier(hosts: hosts, repositories: repositories, builds: builds, source: findings, logger: logger)
        }
        builder.register(OutboxDeliveryService.self, .singleton) {
            (store: any OutboxStore, notifier: CommitStatusNotifier, findings: FindingsReportNotifier, team: TeamWebhookHandler,
             clock: any TimeSource, logger: Logger) in
            OutboxDeliveryService(
                store: store,
                handlers: [
                    CommitStatusPayload.kind: notifier, FindingsReportPayload.kind: findings, RegressionAnnouncement.kind: team,
                    StoredReleaseEvent.outboxKind: team,
                ],
                clock: clock, logger: logger
            )
        }
        builder.register(OutboxService.self, .singleton, OutboxService.init(delivery:))
        builder.entryPoint(OutboxService.self)
        builder.contribute((any APIController).self, .singleton) { (store: any OutboxStore, clock: any TimeSource) -> any APIController in
            OutboxController(store: store, clock: clock)
        }
    }
}
