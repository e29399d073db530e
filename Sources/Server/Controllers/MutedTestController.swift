import Core
import Foundation
import Hummingbird
import Store

/// Muted tests (`docs/devices.md`, "Muting"): a muted test still runs and is reported, but its
/// failure does not fail a `devices:` step.
///
/// A mute holds in one repository's builds (two repositories may have tests of one name).
///
/// - `GET /api/v1/tests/muted` (read): every muted test, its repository, why, by whom, and its clean runs since.
/// - `POST /api/v1/tests/mute` (write): `{repository?, name, reason?}`; 404 for an unknown repository.
/// - `POST /api/v1/tests/unmute` (write): `{repository?, name}`; 404 when it is not muted there.
///
/// `repository` is the repository's name; absent, the builds of no repository.
struct MutedTestController: APIController {
    let store: any MutedTestStore
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.get, "/api/v1/tests/muted", scope: .read, openAPI: OpenAPIOperation(
                "Muted tests: their failures do not fail a devices: step", tag: "builds",
                description: ["Muted by hand, or by the rule when a test failed and passed in one build; a test unmutes itself after 3 runs in a row that pass at their first attempt. A mute holds in its repository's builds."],
                answers: [.ok("MutedTestList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(["tests": store.mutedTests()])
            },
            Route(.post, "/api/v1/tests/mute", scope: .write, openAPI: OpenAPIOperation(
                "Mute a test", tag: "builds",
                description: ["It still runs and is reported; its failure no longer fails a devices: step of the repository's builds (`repository`, its name; absent for builds of no repository). Muting a muted test replaces its reason."],
                body: .json(.ref("MuteTestRequest")),
                answers: [.ok("MutedTest")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, context in
                let input = try await request.decodeJSON(MuteRequest.self, limit: bodyLimit)
                try Self.check(input)
                let given = input.reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                let reason = given.isEmpty ? "muted by \(context.actor)" : given
                guard reason.count <= 500 else { throw APIError.badRequest("reason must be at most 500 characters", code: "invalid_reason") }
                let audit = AuditEvent(occurredAt: clock.now, actor: context.actor, action: "test.mute", subject: "test", detail: input.detail)
                return try await .json(store.muteTest(input.name, repository: input.repository, reason: reason, audit: audit, now: clock.now))
            },
            Route(.post, "/api/v1/tests/unmute", scope: .write, openAPI: OpenAPIOperation(
                "Unmute a test", tag: "builds",
                body: .json(.ref("MuteTestRequest")),
                answers: [.json(200, "The test as it was muted.", .ref("MutedTest"))],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, context in
                let input = try await request.decodeJSON(MuteRequest.self, limit: bodyLimit)
                try Self.check(input)
                let audit = AuditEvent(occurredAt: clock.now, actor: context.actor, action: "test.unmute", subject: "test", detail: input.detail)
                return try await .json(store.unmuteTest(input.name, repository: input.repository, audit: audit))
            },
        ]
    }

    /// A test name as test lists name tests, and a repository name when given, or a 400.
    private static func check(_ input: MuteRequest) throws {
        if let problem = DeviceTestList(tests: [input.name]).problem() {
            throw APIError.badRequest(problem.replacingOccurrences(of: "tests[0]", with: "name"), code: "invalid_name")
        }
        if let repository = input.repository, repository.trimmingCharacters(in: .whitespaces).isEmpty {
            throw APIError.badRequest("repository must be a repository's name, or absent for builds of no repository", code: "invalid_repository")
        }
    }

    /// `POST /api/v1/tests/mute` and `/unmute` bodies.
    struct MuteRequest: Decodable, Sendable {
        var repository: String?
        var name: String
        var reason: String?

        /// The audit event's detail: the repository and the test.
        var detail: String { (repository.map { $0 + " " } ?? "") + name }
    }
}
