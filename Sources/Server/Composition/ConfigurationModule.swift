import Core
import DI
import Logging

/// Registers the values the process starts with: configuration, the root logger and the
/// clock every time-based decision reads (tests override it with a `ManualClock`). The one
/// module named after no target: these are the composition root's inputs, which every
/// target's module reads.
struct ConfigurationModule: DIModule {
    let configuration: ServerConfiguration
    let logger: Logger

    func register(in builder: inout ContainerBuilder) {
        builder.register(ServerConfiguration.self, instance: configuration)
        builder.register(Logger.self, instance: logger)
        builder.register((any TimeSource).self, instance: SystemClock())
    }
}
