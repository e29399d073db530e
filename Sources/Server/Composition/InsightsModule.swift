import Core
import DI
import Foundation
import HTTPClient
import Insights
import Logging
import Notifications
import Store

/// Wires `Insights`: the build-metrics upkeep (regression checks, retention), the findings
/// service and impact analysis of registered repositories.
struct InsightsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(BuildMetricsService.self, .singleton) {
            (store: any BuildMetricsStore, configuration: ServerConfiguration, delivery: OutboxDeliveryService, clock: any TimeSource, logger: Logger) in
            BuildMetricsService(store: store, configuration: configuration.buildMetrics, delivery: delivery, clock: clock, logger: logger)
        }
        builder.entryPoint(BuildMetricsService.self)
        builder.register(FindingsService.self, .singleton) { (store: any FindingStore, builds: any BuildStore, clock: any TimeSource) in
            FindingsService(store: store, builds: builds, clock: clock)
        }
        builder.register(ImpactService.self, .singleton) { (repositories: any RepositoryStore, configuration: ServerConfiguration) in
            // Mirrors and checkouts live beside the database, in `impact/`.
            ImpactService(repositories: repositories, directory: URL(fileURLWithPath: configuration.databasePath).deletingLastPathComponent().appendingPathComponent("impact").path)
        }
    }
}
