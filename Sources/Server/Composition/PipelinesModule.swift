import DI
import Logging
import Pipelines

/// Wires `Pipelines`: the pipeline library, read from the pipelines folder once at start.
struct PipelinesModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        // Eager: a definition problem is logged at start, not at the first webhook.
        builder.register(PipelineLibrary.self, .eagerSingleton) { (configuration: ServerConfiguration, logger: Logger) in
            let library = PipelineLibrary(directory: configuration.pipelinesPath)
            for problem in library.reload() {
                logger.warning("pipeline definition problem", metadata: ["problem": "\(problem)"])
            }
            logger.info("pipelines loaded", metadata: ["count": "\(library.catalog.pipelines.count)", "folder": "\(configuration.pipelinesPath)"])
            return library
        }
    }
}
