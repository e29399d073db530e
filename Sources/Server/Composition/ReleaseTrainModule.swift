import Core
import DI
import Foundation
import GitHosts
import HTTPClient
import Logging
import Pipelines
import Releases
import Store

/// Registers the release train: settings from the environment, the train catalog (trains
/// folder loaded at start), the release service and driver, the scheduler and the API.
struct ReleaseTrainModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any ReleaseStore).self, .singleton) { (database: any StoreDatabase) -> any ReleaseStore in database }
        builder.register(ReleaseTrainSettings.self, .singleton) { (configuration: ServerConfiguration, logger: Logger) in
            let settings = ReleaseTrainSettings.fromEnvironment(ProcessInfo.processInfo.environment, pipelinesPath: configuration.pipelinesPath)
            for problem in settings.problems { logger.warning("release train setting", metadata: ["problem": "\(problem)"]) }
            return settings
        }
        // Eager: the trains folder is read once at start, like the pipelines.
        builder.register(TrainCatalog.self, .eagerSingleton) {
            (store: any ReleaseStore, settings: ReleaseTrainSettings, clock: any TimeSource, repositories: any RepositoryStore, pipelines: PipelineLibrary, logger: Logger) in
            // The pipelines are loaded first (an eager singleton too): a train names one.
            let catalog = TrainCatalog(store: store, clock: clock, repositories: repositories, pipelines: pipelines)
            await catalog.loadFolder(settings.trainsPath, logger: logger)
            return catalog
        }
        builder.register(ReleaseService.self, .singleton, ReleaseService.init(store:catalog:))
        builder.register(StoreClients.self, .singleton, StoreClients.init(settings:http:clock:))
        builder.register(GitBranchCutter.self, .singleton) { (hosts: GitHostClients) in GitBranchCutter(hosts: hosts) }
        builder.register(ReleaseDriver.self, .singleton, ReleaseDriver.init(releases:catalog:repositories:builds:planner:dispatcher:cutter:stores:logger:))
        builder.register(ReleaseTrainService.self, .singleton, ReleaseTrainService.init(driver:settings:clock:))
        builder.entryPoint(ReleaseTrainService.self)

        // MARK: Controllers
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
