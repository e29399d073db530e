import Core
import DI
import Foundation
import GitHosts
import HTTPClient
import Logging
import Pipelines
import ReleaseDriver
import Store

/// Wires `ReleaseDriver`, the release train driver: settings from the environment, the train
/// catalog (trains folder loaded at start), the release service and driver, the app stores'
/// clients, branch cuts and the scheduler.
struct ReleaseDriverModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
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
        builder.register(DistributionClients.self, .singleton, DistributionClients.init(settings:http:clock:))
        builder.register(GitBranchCutter.self, .singleton) { (hosts: GitHostClients) in GitBranchCutter(hosts: hosts) }
        builder.register(ReleaseDriver.self, .singleton, ReleaseDriver.init(releases:catalog:repositories:builds:planner:dispatcher:cutter:distribution:logger:))
        builder.register(ReleaseTrainService.self, .singleton, ReleaseTrainService.init(driver:settings:clock:))
        builder.entryPoint(ReleaseTrainService.self)
    }
}
