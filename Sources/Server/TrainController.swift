import Core
import Foundation
import Hummingbird
import Releases

/// `/api/v1/trains`: list, show and define release trains.
///
/// `POST` takes the train file's YAML, or the same keys as JSON (JSON is YAML), and answers
/// 400 `invalid_train` with every problem as `request body:line:column: message`.
struct TrainController: APIController {
    let catalog: TrainCatalog
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.get, "/api/v1/trains", scope: .read) { _, _ in
                let now = clock.now
                return try .json(TrainList(trains: try await catalog.all().map { TrainView($0, now: now) }))
            },
            Route(.post, "/api/v1/trains", scope: .admin) { request, context in
                let buffer = try await request.collectBody(limit: bodyLimit)
                let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw APIError.badRequest("the request body is empty; send the train definition as YAML or JSON", code: "invalid_train")
                }
                let entry = try await catalog.create(text: text, actor: context.actor)
                return try .json(TrainView(entry, now: clock.now), status: .created)
            },
            Route(.get, "/api/v1/trains/:id", scope: .read) { _, context in
                guard let reference = context.parameters.get("id") else { throw APIError.notFound("no train given") }
                return try .json(TrainView(try await catalog.train(reference), now: clock.now))
            },
        ]
    }

    /// `GET /api/v1/trains` body.
    struct TrainList: Encodable {
        var trains: [TrainView]
    }
}
