import Artifacts
import DI
import Logging

/// Wires `Artifacts`: the storage `MOBILE_OPS_ARTIFACTS` names (a folder or an S3 bucket),
/// logged once at start.
struct ArtifactsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any ArtifactStorage).self, .singleton) { (configuration: ServerConfiguration, logger: Logger) -> any ArtifactStorage in
            let storage = configuration.artifacts.storage(databasePath: configuration.databasePath, logger: logger)
            logger.info("artifact storage", metadata: ["location": "\(storage)"])
            return storage
        }
    }
}
