import Core
import Foundation
import Hummingbird
import ReleaseDriver
import ReleaseTrain
import Store

/// `/api/v1/releases`: list, start, show, act on a release, report its health, read its notes.
///
/// Actions are `POST /api/v1/releases/{id}/{action}`: `approve` `{gate}`, `advance`, `halt`
/// `{reason}`, `resume`, `hotfix`, `cancel` `{reason?}`, `fail` `{reason?}`, plus `health`
/// (samples) and `store` (store identifiers). A refused transition answers 409 with the
/// actions a person can take instead.
struct ReleaseController: APIController {
    let releases: ReleaseService
    let driver: ReleaseDriver
    let notes: ReleaseNotesResponder
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    /// The action names `POST /releases/{id}/{action}` accepts.
    static let actions = ReleaseUserAction.allCases.map(\.rawValue) + ["health", "store"]

    var routes: [Route] {
        [
            Route(.get, "/api/v1/releases", scope: .read, openAPI: OpenAPIOperation(
                "Releases, newest first", tag: "releases",
                parameters: [
                    .query("train", description: "Train id or name."),
                    .query("state"),
                    .limit(maximum: 500),
                ],
                answers: [.ok("ReleaseList")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, _ in
                let query = request.uri.queryParameters
                var train: TrainCatalog.Entry?
                if let reference = query.get("train") { train = try await releases.catalog.train(reference) }
                var states: [String]?
                if let state = query.get("state") {
                    guard ReleaseState(rawValue: state) != nil else {
                        throw APIError.badRequest("state must be one of \(ReleaseState.allCases.map(\.rawValue).joined(separator: ", "))", code: "invalid_state")
                    }
                    states = [state]
                }
                let limit = try query.get("limit").map { text -> Int in
                    guard let value = Int(text), (1...500).contains(value) else { throw APIError.badRequest("limit must be between 1 and 500", code: "invalid_limit") }
                    return value
                } ?? 50
                let found = try await releases.store.releases(trainID: train?.stored.id, states: states, limit: limit)
                // One read of the trains for the whole page; the RC build is for the single-release views.
                let trains = try await Dictionary(releases.catalog.all().map { ($0.stored.id, $0) }, uniquingKeysWith: { first, _ in first })
                return try .json(ReleaseList(releases: try found.map { release in
                    let train = trains[release.trainID]
                    return try ReleaseView(release, trainName: train?.stored.name ?? "", platforms: train?.definition.platforms ?? [])
                }))
            },
            Route(.post, "/api/v1/releases", scope: .write, openAPI: OpenAPIOperation(
                "Start a release now", tag: "releases",
                body: .json(.ref("StartRelease")),
                answers: [.json(201, "Created.", .ref("Release"))],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context in
                let input = try await request.decodeJSON(StartRequest.self, limit: bodyLimit)
                let train = try await releases.catalog.train(input.train)
                guard let started = try await releases.start(train, actor: context.actor, now: clock.now, distributionIDs: input.store, requestedVersion: input.version) else {
                    throw APIError.conflict("the release could not be started")
                }
                return try await .json(try view(started), status: .created)
            },
            Route(.get, "/api/v1/releases/:id", scope: .read, openAPI: OpenAPIOperation(
                "A release with its events", tag: "releases",
                parameters: [.path("id")],
                answers: [.ok("Release")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let release = try await release(context)
                return try await .json(try view(release, events: try await releases.store.releaseEvents(releaseID: release.id)))
            },
            Route(.get, "/api/v1/releases/:id/notes", scope: .read, openAPI: OpenAPIOperation(
                "Release notes since the previous released version", tag: "releases",
                parameters: [
                    .path("id"),
                    .query("format", .json(#"{"type":"string","enum":["markdown"]}"#)),
                ],
                answers: [
                    OpenAPIOperation.Answer(200, "JSON, or Markdown with `format=markdown`.", content: ["application/json": .ref("ReleaseNotes"), "text/markdown": .string]),
                    .error(409, "The train's repository is not registered, or its host cannot give notes (Bitbucket; a first release on GitLab; a local clone the server cannot read)."),
                    .error(502, "The git host failed or could not be reached."),
                ],
                errors: [.notFound, .databaseUnavailable]
            )) { request, context in
                try await notes.respond(to: request, release: try release(context))
            },
            Route(.post, "/api/v1/releases/:id/:action", scope: .write, openAPI: OpenAPIOperation(
                "Act on a release", tag: "releases",
                parameters: [
                    .path("action", .json(#"{"type":"string","enum":["approve","advance","halt","resume","hotfix","cancel","fail","health","store"]}"#)),
                    .path("id"),
                ],
                body: .json(.ref("ReleaseActionBody"), required: false),
                answers: [
                    .json(200, "The release after the action; `health` answers ReleaseHealthAnswer instead.", .json(##"{"oneOf":[{"$ref":"#/components/schemas/Release"},{"$ref":"#/components/schemas/ReleaseHealthAnswer"}]}"##)),
                    .json(201, "`hotfix`: the new hotfix release.", .ref("Release")),
                    .error(409, "The state does not allow the action; `error.allowed` lists the actions a person can take instead. `advance` of a scheduled release: `repository_not_registered`, or `branch_not_found` when the branch cannot be cut through the git host's API and the clone URL has no such branch (push it, then advance)."),
                    .error(502, "`advance`: the git host could not cut the release branch (no token, unreachable, refused) and the clone URL could not be read to find it; nothing changed."),
                ],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, context in
                try await ReleaseConflict.answering { try await act(request, context) }
            },
        ]
    }

    // MARK: Actions

    private func act(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try context.numericID(of: "release")
        let action = context.parameters.get("action") ?? ""
        let now = clock.now
        let actor = context.actor
        switch action {
        case "approve":
            let input = try await request.decodeJSON(ApproveRequest.self, limit: bodyLimit)
            return try await .json(try view(try await driver.approve(id, gate: input.gate, actor: actor, now: now)))
        case "advance":
            return try await .json(try view(try await driver.advance(id, actor: actor, now: now)))
        case "halt":
            let input = try await optionalBody(request, ReasonRequest.self)
            return try await .json(try view(try await driver.halt(id, reason: input?.reason ?? "halted by \(actor)", actor: actor, now: now)))
        case "resume":
            return try await .json(try view(try await driver.resume(id, actor: actor, now: now)))
        case "cancel":
            let input = try await optionalBody(request, ReasonRequest.self)
            return try await .json(try view(try await driver.cancel(id, reason: input?.reason ?? "canceled by \(actor)", actor: actor, now: now)))
        case "fail":
            let input = try await optionalBody(request, ReasonRequest.self)
            return try await .json(try view(try await driver.fail(id, reason: input?.reason ?? "failed by \(actor)", actor: actor, now: now)))
        case "hotfix":
            let result = try await releases.apply(.startHotfix(version: try hotfixVersion(of: id)), to: id, actor: actor, at: now)
            guard let hotfix = result.created else { throw APIError.conflict("the hotfix could not be started") }
            return try await .json(try view(hotfix), status: .created)
        case "health":
            let input = try await request.decodeJSON(HealthRequest.self, limit: bodyLimit)
            guard !input.samples.isEmpty else { throw APIError.badRequest("send at least one sample", code: "invalid_sample") }
            let (verdicts, release) = try await driver.reportHealth(id, samples: input.samples, actor: actor, now: now)
            return try await .json(HealthAnswer(results: verdicts, halted: release.state == ReleaseState.halted.rawValue, release: try view(release)))
        case "store":
            let input = try await request.decodeJSON(ReleaseDistributionIDs.self, limit: bodyLimit)
            let release = try await releases.recordDistribution(of: id, action: "store_ids", detail: "store identifiers updated", actor: actor, at: now) { _, ids in
                ids.androidPackage = input.androidPackage ?? ids.androidPackage
                ids.androidVersionCodes = input.androidVersionCodes ?? ids.androidVersionCodes
                ids.iosAppID = input.iosAppID ?? ids.iosAppID
            }
            return try await .json(try view(release))
        default:
            throw APIError.notFound("no release action '\(action)'; actions are \(Self.actions.joined(separator: ", "))")
        }
    }

    /// The next hotfix version of the release's version that the train has not used yet.
    private func hotfixVersion(of id: Int64) async throws -> String {
        guard let release = try await releases.store.release(id: id) else { throw APIError.notFound("no release with id \(id)") }
        let train = try await releases.catalog.train(id: release.trainID)
        let taken = Set(try await releases.store.releases(trainID: release.trainID, states: nil, limit: 500).map(\.version))
        var version = release.version
        repeat {
            do { version = try train.definition.versionScheme.hotfixVersion(after: version) } catch {
                throw APIError(.conflict, code: "version_unavailable", message: "cannot derive a hotfix version of \(release.version): \(error)")
            }
        } while taken.contains(version)
        return version
    }

    // MARK: Helpers

    private func release(_ context: AppRequestContext) async throws -> StoredRelease {
        let id = try context.numericID(of: "release")
        guard let release = try await releases.store.release(id: id) else { throw APIError.notFound("no release with id \(id)") }
        return release
    }

    private func view(_ release: StoredRelease, events: [StoredReleaseEvent]? = nil) async throws -> ReleaseView {
        let train = try? await releases.catalog.train(id: release.trainID)
        var candidate: ReleaseView.CandidateBuild?
        if let id = release.rcBuildID, let build = try? await driver.builds.build(id: id) {
            candidate = ReleaseView.CandidateBuild(id: build.id, number: build.number, state: build.state.rawValue, commitSHA: build.commitSHA)
        }
        return try ReleaseView(
            release, trainName: train?.stored.name ?? "", platforms: train?.definition.platforms ?? [], rcBuild: candidate, events: events
        )
    }

    /// A JSON body that may be absent.
    private func optionalBody<T: Decodable>(_ request: Request, _ type: T.Type) async throws -> T? {
        let buffer = try await request.collectBody(limit: bodyLimit)
        guard buffer.readableBytes > 0 else { return nil }
        do { return try Request.decodeJSON(T.self, from: buffer) } catch let error as APIError where error.code != "invalid_json" {
            throw error
        } catch {
            throw APIError.badRequest("the request body is not the JSON this action takes", code: "invalid_json")
        }
    }

    // MARK: Bodies

    struct StartRequest: Decodable {
        var train: String
        var store: ReleaseDistributionIDs?
        /// The version to release instead of the one the train's scheme derives.
        var version: String?
    }

    struct ApproveRequest: Decodable {
        var gate: String
    }

    struct ReasonRequest: Decodable {
        var reason: String?
    }

    /// `{"samples": [...]}` or one sample on its own.
    struct HealthRequest: Decodable {
        var samples: [ReleaseDriver.Sample]

        private enum CodingKeys: String, CodingKey { case samples }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.samples) {
                samples = try container.decode([ReleaseDriver.Sample].self, forKey: .samples)
            } else {
                samples = [try ReleaseDriver.Sample(from: decoder)]
            }
        }
    }

    struct HealthAnswer: Encodable {
        var results: [ReleaseDriver.SampleVerdict]
        var halted: Bool
        var release: ReleaseView
    }

    struct ReleaseList: Encodable {
        var releases: [ReleaseView]
    }
}
