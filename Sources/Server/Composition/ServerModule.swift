import Access
import Artifacts
import BuildCache
import Core
import DI
import Foundation
import GitHosts
import HTTPClient
import Insights
import Logging
import Notifications
import Pipelines
import ReleaseDriver
import Scheduling
import Store

/// Wires `Server` itself: authentication, the router, the Prometheus metrics, the artifact
/// files' HTTP side and every controller.
///
/// Controllers are contributed to the `APIController` multi-binding in the order their
/// routes should be registered; `RouterFactory` receives them all as one array and adds the
/// OpenAPI document's route, made from theirs.
struct ServerModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(Authenticator.self, .singleton, Authenticator.init(tokens:jobCredentials:))
        builder.register(ServerMetrics.self, .singleton, ServerMetrics.init(operations:outbox:clock:logger:))
        builder.register(ArtifactFiles.self, .singleton, ArtifactFiles.init(storage:configuration:))
        builder.register(RouterFactory.self, .singleton, RouterFactory.init(controllers:authenticator:configuration:))
        builder.entryPoint(RouterFactory.self)
        builder.entryPoint(TokenService.self)

        // MARK: Tokens, repositories, the audit log
        builder.contribute((any APIController).self, .singleton) { (database: any StoreDatabase) -> any APIController in
            HealthController(database: database)
        }
        builder.contribute((any APIController).self, .singleton) { (tokens: TokenService, configuration: ServerConfiguration) -> any APIController in
            TokenController(tokens: tokens, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (service: RepositoryService, configuration: ServerConfiguration) -> any APIController in
            RepositoryController(repositories: service, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (secrets: SecretService, repositories: RepositoryService) -> any APIController in
            SecretController(secrets: secrets, repositories: repositories)
        }
        builder.contribute((any APIController).self, .singleton) { (log: any AuditLog) -> any APIController in
            AuditController(log: log)
        }

        // MARK: The CI loop
        builder.contribute((any APIController).self, .singleton) {
            (intake: WebhookIntake, metrics: ServerMetrics, configuration: ServerConfiguration) -> any APIController in
            WebhookController(intake: intake, metrics: metrics, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (metrics: ServerMetrics) -> any APIController in
            PrometheusController(metrics: metrics)
        }
        builder.contribute((any APIController).self, .singleton) { WebPages() }
        builder.contribute((any APIController).self, .singleton) {
            (auth: AgentAuthService, store: any UITestStore, configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            UITestController(auth: auth, store: store, bodyLimit: configuration.maxBodySize, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) {
            (builds: any BuildStore, agents: any AgentStore, queue: any JobQueue, repositories: RepositoryService, planner: BuildPlanner,
             dispatcher: JobDispatcher, followers: LogFollowers, configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            BuildController(
                builds: builds, agents: agents, queue: queue, repositories: repositories, planner: planner, dispatcher: dispatcher,
                followers: followers, bodyLimit: configuration.maxBodySize, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) {
            (auth: AgentAuthService, queue: any JobQueue, devices: any DeviceStore, dispatcher: JobDispatcher, followers: LogFollowers,
             cacheCredentials: JobCacheCredentials, configuration: ServerConfiguration, clock: any TimeSource, secrets: SecretService) -> any APIController in
            AgentController(
                auth: auth, queue: queue, devices: devices, dispatcher: dispatcher, followers: followers, cacheCredentials: cacheCredentials,
                configuration: configuration, clock: clock, secrets: secrets)
        }
        builder.contribute((any APIController).self, .singleton) { (devices: any DeviceStore, runs: any DeviceRunStore) -> any APIController in
            DeviceController(devices: devices, runs: runs)
        }
        builder.contribute((any APIController).self, .singleton) {
            (auth: AgentAuthService, store: any DeviceRunStore, dispatcher: JobDispatcher, configuration: ServerConfiguration,
             clock: any TimeSource) -> any APIController in
            DeviceRunController(auth: auth, store: store, dispatcher: dispatcher, bodyLimit: configuration.maxBodySize, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) {
            (store: any MutedTestStore, configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            MutedTestController(store: store, bodyLimit: configuration.maxBodySize, clock: clock)
        }
        builder.register(CacheController.self, .singleton) {
            (storage: any CacheStorage, activity: CacheActivity, statistics: any CacheStatsStore, namespaces: CacheNamespaceGate, builds: any BuildStore,
             metrics: ServerMetrics, clock: any TimeSource) -> CacheController in
            CacheController(
                storage: storage, activity: activity, statistics: statistics, namespaces: namespaces, builds: builds, metrics: metrics, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) { (controller: CacheController) -> any APIController in controller }
        builder.register(CacheShortcut.self, .singleton, CacheShortcut.init(controller:memory:tokens:logger:))
        builder.entryPoint(CacheShortcut.self)
        builder.contribute((any APIController).self, .singleton) { (service: ImpactService, configuration: ServerConfiguration) -> any APIController in
            ImpactController(service: service, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (service: ImpactService, configuration: ServerConfiguration) -> any APIController in
            DependencyChecksController(service: service, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) {
            (auth: AgentAuthService, store: any ArtifactStore, builds: any BuildStore, files: ArtifactFiles, clock: any TimeSource) -> any APIController in
            ArtifactController(auth: auth, store: store, builds: builds, files: files, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) { (library: PipelineLibrary, logger: Logger) -> any APIController in
            PipelineController(library: library, logger: logger)
        }
        builder.contribute((any APIController).self, .singleton) { (store: any OutboxStore, clock: any TimeSource) -> any APIController in
            OutboxController(store: store, clock: clock)
        }

        // MARK: Build metrics and findings
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

        // MARK: Release trains
        builder.contribute((any APIController).self, .singleton) { (catalog: TrainCatalog, configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            TrainController(catalog: catalog, bodyLimit: configuration.maxBodySize, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) {
            (releases: ReleaseService, driver: ReleaseDriver, repositories: any RepositoryStore, hosts: GitHostClients, configuration: ServerConfiguration,
             clock: any TimeSource) -> any APIController in
            ReleaseController(
                releases: releases, driver: driver,
                notes: ReleaseNotesResponder(releases: releases, repositories: repositories, source: ReleaseNotesSource(hosts: hosts)),
                bodyLimit: configuration.maxBodySize, clock: clock
            )
        }
    }
}
