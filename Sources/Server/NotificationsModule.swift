import Core
import DI
import HTTPClient
import Insights
import Logging
import Notifications
import Scheduling
import Store

/// Registers outbound notification delivery: the libcurl client, commit statuses, findings
/// reports on pull requests, the outbox loop.
struct NotificationsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any OutboxStore).self, .singleton) { (database: any StoreDatabase) -> any OutboxStore in database }
        // One client for every outbound call, so connections to each git host are reused.
        builder.register((any HTTPExecuting).self, .singleton) { () -> any HTTPExecuting in HTTPClient() }
        builder.register(CommitStatusNotifier.self, .singleton) {
            (configuration: ServerConfiguration, http: any HTTPExecuting, repositories: RepositoryService, builds: any BuildStore, logger: Logger) in
            CommitStatusNotifier(configuration: configuration.notifier, http: http, repositories: repositories, builds: builds, logger: logger)
        }
        builder.register(FindingsReportNotifier.self, .singleton) {
            (configuration: ServerConfiguration, http: any HTTPExecuting, repositories: RepositoryService, builds: any BuildStore,
             findings: FindingsService, logger: Logger) in
            FindingsReportNotifier(
                configuration: configuration.notifier, http: http, repositories: repositories, builds: builds, source: findings, logger: logger)
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
