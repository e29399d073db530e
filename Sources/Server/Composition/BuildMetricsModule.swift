import Access
import Core
import DI
import Foundation
import GitHosts
import HTTPClient
import Insights
import Logging
import Notifications
import Scheduling
import Store

/// Registers build metrics (issue 5): the store protocols, the regression webhook handler,
/// the upkeep service, and the metrics, dashboard and feed endpoints; and analysers' findings.
struct BuildMetricsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        // MARK: Stores
        builder.register((any BuildMetricsStore).self, .singleton) { (database: any StoreDatabase) -> any BuildMetricsStore in database }
        builder.register((any NotableEventStore).self, .singleton) { (database: any StoreDatabase) -> any NotableEventStore in database }
        builder.register((any TestHistoryStore).self, .singleton) { (database: any StoreDatabase) -> any TestHistoryStore in database }
        builder.register((any FindingStore).self, .singleton) { (database: any StoreDatabase) -> any FindingStore in database }

        // MARK: Services
        builder.register(TeamWebhookHandler.self, .singleton) { (configuration: ServerConfiguration, http: any HTTPExecuting) in
            TeamWebhookHandler(url: configuration.buildMetrics.notifyWebhookURL, http: http, userAgent: configuration.notifier.userAgent)
        }
        builder.register(BuildMetricsService.self, .singleton) {
            (store: any BuildMetricsStore, configuration: ServerConfiguration, delivery: OutboxDeliveryService, clock: any TimeSource, logger: Logger) in
            BuildMetricsService(store: store, configuration: configuration.buildMetrics, delivery: delivery, clock: clock, logger: logger)
        }
        builder.entryPoint(BuildMetricsService.self)
        builder.register(FindingsService.self, .singleton) { (store: any FindingStore, builds: any BuildStore, clock: any TimeSource) in
            FindingsService(store: store, builds: builds, clock: clock)
        }

        // MARK: Controllers
        builder.contribute((any APIController).self, .singleton) {
            (store: any BuildMetricsStore, auth: AgentAuthService, configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            MetricsController(store: store, auth: auth, bodyLimit: configuration.maxBodySize, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) { (store: any TestHistoryStore, clock: any TimeSource) -> any APIController in
            TestResultsController(store: store, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) {
            (service: FindingsService, repositories: RepositoryService, auth: AgentAuthService) -> any APIController in
            FindingsController(service: service, repositories: repositories, auth: auth)
        }
        builder.contribute((any APIController).self, .singleton) {
            (metrics: any BuildMetricsStore, events: any NotableEventStore, tokens: TokenService, authenticator: Authenticator,
             configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            DashboardController(
                metrics: metrics, events: events, tokens: tokens, authenticator: authenticator,
                publicURL: configuration.notifier.publicURL, clock: clock)
        }
    }
}
