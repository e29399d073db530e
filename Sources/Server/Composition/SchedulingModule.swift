import Core
import DI
import Logging
import Pipelines
import Scheduling
import Store

/// Wires `Scheduling`, the CI loop: repositories, webhook intake, build planning, the
/// dispatcher, log followers, leases and scheduled builds.
struct SchedulingModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(RepositoryService.self, .singleton, RepositoryService.init(store:clock:signals:))
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
        builder.register(WebhookIntake.self, .singleton, WebhookIntake.init(repositories:deliveries:planner:dispatcher:logger:))
        builder.register(LeaseMonitor.self, .singleton) {
            (queue: any JobQueue, dispatcher: JobDispatcher, followers: LogFollowers, configuration: ServerConfiguration, clock: any TimeSource, logger: Logger,
             secrets: SecretService) in
            LeaseMonitor(
                queue: queue, dispatcher: dispatcher, followers: followers, leaseSeconds: configuration.leaseSeconds, clock: clock, logger: logger,
                secrets: secrets)
        }
        builder.entryPoint(LeaseMonitor.self)
        builder.register(ScheduledBuildService.self, .singleton, ScheduledBuildService.init(library:repositories:schedules:planner:dispatcher:clock:logger:))
        builder.entryPoint(ScheduledBuildService.self)
    }
}
