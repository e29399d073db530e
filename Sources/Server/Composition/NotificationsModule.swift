import Core
import DI
import GitHosts
import HTTPClient
import Insights
import Logging
import Notifications
import Scheduling
import Store

/// Wires `Notifications`: outbound delivery through the outbox, commit statuses and findings
/// reports on pull requests, team webhooks.
struct NotificationsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(TeamWebhookHandler.self, .singleton) { (configuration: ServerConfiguration, http: any HTTPExecuting) in
            TeamWebhookHandler(url: configuration.buildMetrics.notifyWebhookURL, http: http, userAgent: configuration.notifier.userAgent)
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
    }
}
