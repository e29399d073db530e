import DI
import Logging

/// Registers the values the process starts with: configuration and the root logger.
struct ConfigurationModule: DIModule {
    let configuration: ServerConfiguration
    let logger: Logger

    func register(in builder: inout ContainerBuilder) {
        builder.register(ServerConfiguration.self, instance: configuration)
        builder.register(Logger.self, instance: logger)
    }
}
