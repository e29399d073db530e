import Access
import Artifacts
import Core
import DI
import Foundation
import Insights
import Logging
import Pipelines
import Scheduling
import Store

/// Registers the CI loop: pipelines, webhook intake, builds, the dispatcher, agents and leases.
struct CILoopModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        // MARK: Stores (one database serves every protocol)
        builder.register((any BuildStore).self, .singleton) { (database: any StoreDatabase) -> any BuildStore in database }
        builder.register((any JobQueue).self, .singleton) { (database: any StoreDatabase) -> any JobQueue in database }
        builder.register((any DeliveryStore).self, .singleton) { (database: any StoreDatabase) -> any DeliveryStore in database }
        builder.register((any AgentStore).self, .singleton) { (database: any StoreDatabase) -> any AgentStore in database }
        builder.register((any ScheduleStore).self, .singleton) { (database: any StoreDatabase) -> any ScheduleStore in database }

        // MARK: Services
        builder.register(PipelineLibrary.self, .eagerSingleton) { (configuration: ServerConfiguration, logger: Logger) in
            let library = PipelineLibrary(directory: configuration.pipelinesPath)
            for problem in library.reload() {
                logger.warning("pipeline definition problem", metadata: ["problem": "\(problem)"])
            }
            logger.info("pipelines loaded", metadata: ["count": "\(library.catalog.pipelines.count)", "folder": "\(configuration.pipelinesPath)"])
            return library
        }
        builder.register(BuildPlanner.self, .singleton, BuildPlanner.init(library:))
        builder.register(JobDispatcher.self, .singleton) {
            (queue: any JobQueue, configuration: ServerConfiguration, clock: any TimeSource, logger: Logger, signals: any ClusterSignals) in
            JobDispatcher(queue: queue, leaseSeconds: configuration.leaseSeconds, clock: clock, logger: logger, signals: signals)
        }
        builder.register(LogFollowers.self, .singleton) { (configuration: ServerConfiguration, signals: any ClusterSignals) in
            // The slow poll that backs up cluster signals backs up log wakes too.
            LogFollowers(
                fallbackInterval: .milliseconds(Int64(configuration.clusterPollSeconds * 1000)),
                maximumPerToken: configuration.maxLogFollowersPerToken, signals: signals)
        }
        builder.register(AgentAuthService.self, .singleton) { (store: any AgentStore, configuration: ServerConfiguration, clock: any TimeSource) in
            AgentAuthService(store: store, leaseSeconds: configuration.leaseSeconds, clock: clock)
        }
        builder.register(WebhookIntake.self, .singleton, WebhookIntake.init(repositories:deliveries:planner:dispatcher:logger:))
        builder.register(LeaseMonitor.self, .singleton) {
            (queue: any JobQueue, dispatcher: JobDispatcher, followers: LogFollowers, configuration: ServerConfiguration, clock: any TimeSource, logger: Logger) in
            LeaseMonitor(queue: queue, dispatcher: dispatcher, followers: followers, leaseSeconds: configuration.leaseSeconds, clock: clock, logger: logger)
        }
        builder.entryPoint(LeaseMonitor.self)
        builder.register(ScheduledBuildService.self, .singleton, ScheduledBuildService.init(library:repositories:schedules:planner:dispatcher:clock:logger:))
        builder.entryPoint(ScheduledBuildService.self)

        // MARK: Controllers
        builder.contribute((any APIController).self, .singleton) {
            (intake: WebhookIntake, metrics: ServerMetrics, configuration: ServerConfiguration) -> any APIController in
            WebhookController(intake: intake, metrics: metrics, bodyLimit: configuration.maxBodySize)
        }
        builder.register((any OperationsStore).self, .singleton) { (database: any StoreDatabase) -> any OperationsStore in database }
        builder.register(ServerMetrics.self, .singleton, ServerMetrics.init(operations:outbox:clock:logger:))
        builder.contribute((any APIController).self, .singleton) { (metrics: ServerMetrics) -> any APIController in
            PrometheusController(metrics: metrics)
        }
        builder.contribute((any APIController).self, .singleton) { DashboardPage() }
        builder.register((any UITestStore).self, .singleton) { (database: any StoreDatabase) -> any UITestStore in database }
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
            (auth: AgentAuthService, queue: any JobQueue, dispatcher: JobDispatcher, followers: LogFollowers,
             configuration: ServerConfiguration, clock: any TimeSource) -> any APIController in
            AgentController(auth: auth, queue: queue, dispatcher: dispatcher, followers: followers, configuration: configuration, clock: clock)
        }
        builder.register(ImpactService.self, .singleton) { (repositories: any RepositoryStore, configuration: ServerConfiguration) in
            // Mirrors and checkouts live beside the database, in `impact/`.
            ImpactService(repositories: repositories, directory: URL(fileURLWithPath: configuration.databasePath).deletingLastPathComponent().appendingPathComponent("impact").path)
        }
        builder.contribute((any APIController).self, .singleton) { (service: ImpactService, configuration: ServerConfiguration) -> any APIController in
            ImpactController(service: service, bodyLimit: configuration.maxBodySize)
        }
        builder.contribute((any APIController).self, .singleton) { (service: ImpactService, configuration: ServerConfiguration) -> any APIController in
            DependencyChecksController(service: service, bodyLimit: configuration.maxBodySize)
        }
        builder.register((any ArtifactStore).self, .singleton) { (database: any StoreDatabase) -> any ArtifactStore in database }
        builder.register((any ArtifactStorage).self, .singleton) { (configuration: ServerConfiguration, logger: Logger) -> any ArtifactStorage in
            let storage = configuration.artifacts.storage(databasePath: configuration.databasePath, logger: logger)
            logger.info("artifact storage", metadata: ["location": "\(storage)"])
            return storage
        }
        builder.register(ArtifactFiles.self, .singleton, ArtifactFiles.init(storage:configuration:))
        builder.contribute((any APIController).self, .singleton) {
            (auth: AgentAuthService, store: any ArtifactStore, builds: any BuildStore, files: ArtifactFiles, clock: any TimeSource) -> any APIController in
            ArtifactController(auth: auth, store: store, builds: builds, files: files, clock: clock)
        }
        builder.contribute((any APIController).self, .singleton) { (library: PipelineLibrary, logger: Logger) -> any APIController in
            PipelineController(library: library, logger: logger)
        }
    }
}
