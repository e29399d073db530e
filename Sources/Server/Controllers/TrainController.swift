import Core
import Foundation
import Hummingbird
import ReleaseDriver

/// `/api/v1/trains`: list, show and define release trains.
///
/// `POST` takes the train file's YAML, or the same keys as JSON (JSON is YAML), and answers
/// 400 `invalid_train` with every problem as `request body:line:column: message` (`?file=`
/// names the body instead, as the CLI does with the file it sends). A train whose repository
/// is not registered or whose `rc_pipeline` is not loaded is one of those problems; a train
/// already stored shows what it names that the server does not know as `problems`.
struct TrainController: APIController {
    let catalog: TrainCatalog
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.get, "/api/v1/trains", scope: .read, openAPI: OpenAPIOperation(
                "Trains with their definitions and next cadence start", tag: "releases",
                answers: [.ok("TrainList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                var trains: [TrainView] = []
                for entry in try await catalog.all() { trains.append(try await view(entry)) }
                return try .json(TrainList(trains: trains))
            },
            Route(.post, "/api/v1/trains", scope: .admin, openAPI: OpenAPIOperation(
                "Define or replace a train", tag: "releases",
                description: [
                    "Answers 400 `invalid_train` with every problem as `file:line:column: message`, an unregistered repository and an `rc_pipeline` the server has not loaded among them.",
                ],
                parameters: [
                    .query("file", .json(#"{"type":"string","minLength":1,"maxLength":200}"#), description: "The name problems cite for the body (the train file's path), instead of `request body`."),
                ],
                body: OpenAPIOperation.RequestBody(content: ["application/yaml": .string, "application/json": .ref("TrainDefinitionBody")]),
                answers: [.json(201, "Created or replaced.", .ref("Train"))],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, context in
                let buffer = try await request.collectBody(limit: bodyLimit)
                let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw APIError.badRequest("the request body is empty; send the train definition as YAML or JSON", code: "invalid_train")
                }
                let entry = try await catalog.create(text: text, file: try Self.fileName(request), actor: context.actor)
                return try .json(try await view(entry), status: .created)
            },
            Route(.get, "/api/v1/trains/:id", scope: .read, openAPI: OpenAPIOperation(
                "One train, by id or name", tag: "releases",
                parameters: [.path("id", .string)],
                answers: [.ok("Train")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                guard let reference = context.parameters.get("id") else { throw APIError.notFound("no train given") }
                return try .json(try await view(try await catalog.train(reference)))
            },
        ]
    }

    /// A train as the API shows it now, with what it names that the server does not know.
    private func view(_ entry: TrainCatalog.Entry) async throws -> TrainView {
        TrainView(entry, now: clock.now, problems: try await catalog.problems(of: entry))
    }

    /// The name problems cite for the body: `?file=` (one line of at most 200 characters,
    /// e.g. `pipelines/trains/mobile.yml`), else `request body`.
    static func fileName(_ request: Request) throws -> String {
        guard let file = request.uri.queryParameters.get("file") else { return "request body" }
        guard (1...200).contains(file.count), !file.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw APIError.badRequest("file must be one line of 1 to 200 characters naming the train file", code: "invalid_file")
        }
        return file
    }

    /// `GET /api/v1/trains` body.
    struct TrainList: Encodable {
        var trains: [TrainView]
    }
}
