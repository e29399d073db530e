import Core
import Foundation
import Hummingbird
import Logging
import Pipelines
import YAMLReading

/// `/api/v1/pipelines`: what is loaded, and reloading the folder.
struct PipelineController: APIController {
    let library: PipelineLibrary
    let logger: Logger

    var routes: [Route] {
        [
            Route(.get, "/api/v1/pipelines", scope: .read, openAPI: OpenAPIOperation(
                "Loaded pipelines and the last load's problems", tag: "builds",
                answers: [.ok("PipelineListing")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try .json(listing())
            },
            Route(.post, "/api/v1/pipelines/reload", scope: .admin, openAPI: OpenAPIOperation(
                "Re-read the pipelines folder", tag: "builds",
                answers: [.ok("PipelineListing")],
                errors: [.databaseUnavailable]
            )) { _, context in
                let diagnostics = library.reload()
                for problem in diagnostics {
                    logger.warning("pipeline definition problem", metadata: ["problem": "\(problem)", "actor": "\(context.actor)"])
                }
                logger.info("pipelines reloaded", metadata: ["count": "\(library.catalog.pipelines.count)", "problems": "\(diagnostics.count)"])
                return try .json(listing())
            },
        ]
    }

    /// The pipelines in force, each saying which version is served, and the last load's problems.
    private func listing() -> Listing {
        Listing(
            pipelines: library.catalog.pipelines.map { Summary($0, lastGood: library.isLastGoodVersion($0)) },
            diagnostics: library.diagnostics.map(\.description))
    }

    /// One pipeline, briefly.
    struct Summary: Codable {
        var name: String
        var file: String
        var steps: [String]
        var priority: Int
        /// `current`, or `last_good` when the file failed the last load and this is the
        /// version from before (served so a typo does not stop builds).
        var served: String

        init(_ pipeline: PipelineDefinition, lastGood: Bool) {
            name = pipeline.name
            file = pipeline.file
            steps = pipeline.steps.map(\.key)
            priority = pipeline.priority
            served = lastGood ? "last_good" : "current"
        }
    }

    /// Response body: the pipelines and the last load's problems (`file:line:column: message`),
    /// kept until a load finds the files valid.
    struct Listing: Codable {
        var pipelines: [Summary]
        var diagnostics: [String]
    }
}
