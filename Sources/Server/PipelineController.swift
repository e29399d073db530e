import Core
import Foundation
import Hummingbird
import Pipelines

/// `/api/v1/pipelines`: what is loaded, and reloading the folder.
struct PipelineController: APIController {
    let library: PipelineLibrary

    var routes: [Route] {
        [
            Route(.get, "/api/v1/pipelines", scope: .read) { _, _ in
                try .json(Listing(pipelines: library.catalog.pipelines.map(Summary.init), diagnostics: []))
            },
            Route(.post, "/api/v1/pipelines/reload", scope: .admin) { _, _ in
                let diagnostics = library.reload()
                return try .json(Listing(pipelines: library.catalog.pipelines.map(Summary.init), diagnostics: diagnostics.map(\.description)))
            },
        ]
    }

    /// One pipeline, briefly.
    struct Summary: Codable {
        var name: String
        var file: String
        var steps: [String]
        var priority: Int

        init(_ pipeline: PipelineDefinition) {
            name = pipeline.name
            file = pipeline.file
            steps = pipeline.steps.map(\.key)
            priority = pipeline.priority
        }
    }

    /// Response body: the pipelines and, after a reload, the problems found (`file:line:column: message`).
    struct Listing: Codable {
        var pipelines: [Summary]
        var diagnostics: [String]
    }
}
