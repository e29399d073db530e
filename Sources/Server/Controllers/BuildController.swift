import Core
import Foundation
import Hummingbird
import Scheduling
import Store

/// `/api/v1/builds` and `/api/v1/jobs/{id}/log`: list, show, trigger, cancel, retry, logs.
struct BuildController: APIController {
    let builds: any BuildStore
    /// Names the agents of a build's jobs.
    let agents: any AgentStore
    let queue: any JobQueue
    let repositories: RepositoryService
    let planner: BuildPlanner
    let dispatcher: JobDispatcher
    /// The followers of job logs: woken when a build's jobs are canceled, and counted per token.
    let followers: LogFollowers
    let bodyLimit: Int
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.get, "/api/v1/builds", scope: .read, openAPI: OpenAPIOperation(
                "Builds, newest first", tag: "builds",
                parameters: BuildFilter.openAPIParameters,
                answers: [.ok("BuildPage")],
                errors: [.badRequest, .notFound, .databaseUnavailable]
            )) { request, _ in
                let filter = try await BuildFilter(parsing: request) { try await resolveRepository($0).id }
                let page = try await builds.builds(filter)
                let next = page.count == filter.limit ? page.last.map { String($0.id) } : nil
                return try .json(BuildPage(builds: page, nextCursor: next))
            },
            Route(.get, "/api/v1/builds/:id", scope: .read, openAPI: OpenAPIOperation(
                "A build with its jobs and times", tag: "builds",
                parameters: [.path("id")],
                answers: [.ok("BuildWithTimes")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let build = try await build(context)
                return try .json(BuildWithTimes(
                    build: build, times: try await builds.buildTimes(id: build.id, now: clock.now), agentNames: try await agentNames(of: build)))
            },
            Route(.post, "/api/v1/builds", scope: .write, openAPI: OpenAPIOperation(
                "Start a build", tag: "builds",
                body: .json(.ref("TriggerRequest")),
                answers: [.json(201, "Created.", .ref("Build"))],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context in
                let input = try await request.decodeJSON(TriggerRequest.self, limit: bodyLimit)
                // The agent hands both to git: refused here, not by git on the build machine.
                for (field, value) in [("branch", input.branch), ("commit", input.commit)] {
                    if let value, let problem = GitInput.revisionProblem(value) {
                        throw APIError.badRequest("'\(field)' \(problem)", code: "invalid_\(field)")
                    }
                }
                let repository: Repository
                if let text = input.repository {
                    repository = try await resolveRepository(text)
                } else {
                    repository = try planner.repositoryForManualBuild(pipeline: input.pipeline, among: await repositories.list().repositories)
                }
                let branch = input.branch ?? repository.defaultBranch
                // Without a commit the build runs the branch's tip, resolved by the agent at checkout.
                let draft = try planner.manualDraft(
                    pipeline: input.pipeline, repository: repository, branch: branch,
                    commitSHA: input.commit ?? branch, env: input.env ?? [:], author: context.actor
                )
                let created = try await builds.createBuild(draft, audit: AuditEvent(occurredAt: clock.now, actor: context.actor, action: "build.create", subject: "build"))
                dispatcher.wake()
                return try .json(created, status: .created)
            },
            Route(.post, "/api/v1/builds/:id/cancel", scope: .write, openAPI: OpenAPIOperation(
                "Cancel a build", tag: "builds",
                parameters: [.path("id")],
                answers: [.ok("Build")],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                let id = try buildID(context)
                let canceled = try await builds.cancelBuild(id: id, reason: "canceled by \(context.actor)", audit: AuditEvent(occurredAt: clock.now, actor: context.actor, action: "build.cancel", subject: "build:\(id)"))
                dispatcher.wake()
                followers.wake(jobIDs: (canceled.jobs ?? []).map(\.id))
                return try .json(canceled)
            },
            Route(.post, "/api/v1/builds/:id/retry", scope: .write, openAPI: OpenAPIOperation(
                "Run a build again as a new build", tag: "builds",
                description: [
                    "The same build again, with the jobs its pipeline has now: the original's trigger, branch or tag, commit, pull request (and its base branch), environment, priority and concurrency group.",
                    "Needs no `triggers.manual`.",
                ],
                parameters: [.path("id")],
                answers: [.json(201, "Created.", .ref("Build"))],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                let original = try await build(context)
                var repository: Repository?
                if let id = original.repositoryID { repository = try await repositories.existingRepository(id: id) }
                let env = try await builds.buildEnvironment(id: original.id) ?? [:]
                let draft = try planner.retryDraft(of: original, repository: repository, env: env)
                let created = try await builds.createBuild(draft, audit: AuditEvent(occurredAt: clock.now, actor: context.actor, action: "build.retry", subject: "build", detail: "retry of \(original.id)"))
                dispatcher.wake()
                return try .json(created, status: .created)
            },
            Route(.post, "/api/v1/jobs/:id/retry", scope: .write, openAPI: OpenAPIOperation(
                "Run a failed job again", tag: "builds",
                description: [
                    "A failed, timed-out or lost job runs again in its own build, as a new attempt on the same commit; the jobs canceled because it failed run again once it passes, and the build is unfinished until they end.",
                    "Refused (409) for a job that did not fail, was already run again, belongs to a canceled build, or runs a `devices:` step (retry the build instead). The build keeps the measurements of its first finish.",
                ],
                parameters: [.path("id")],
                answers: [.json(200, "The build, with the new attempt among its jobs.", .ref("Build"))],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                let id = try context.numericID(of: "job")
                let retried = try await builds.retryJob(
                    id: id, now: clock.now, audit: AuditEvent(occurredAt: clock.now, actor: context.actor, action: "job.retry", subject: "job:\(id)"))
                dispatcher.wake()
                return try .json(retried)
            },
            Route(.get, "/api/v1/jobs/:id", scope: .read, openAPI: OpenAPIOperation(
                "A job", tag: "builds",
                parameters: [.path("id")],
                answers: [.ok("Job")],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let id = try context.numericID(of: "job")
                guard let job = try await builds.job(id: id) else { throw APIError.notFound("no job with id \(id)") }
                return try .json(job)
            },
            Route(.get, "/api/v1/jobs/:id/log", scope: .read, openAPI: OpenAPIOperation(
                "A job's log as text", tag: "builds",
                parameters: [.path("id"), .query("follow", .trueOrFalse)],
                answers: [
                    OpenAPIOperation.Answer(200, "The log; with `follow=true` streamed until the job ends.", content: ["text/plain": .string]),
                    .error(429, "`follow=true` and this token already follows the most logs one token may on this server (`too_many_followers`, `MOBILE_OPS_MAX_LOG_FOLLOWERS_PER_TOKEN`); retry after `Retry-After` seconds, or read without `follow`.", headers: #"{"Retry-After":{"description":"Seconds to wait before following again.","schema":{"type":"integer"}}}"#),
                ],
                errors: [.notFound, .databaseUnavailable]
            )) { request, context in
                try await JobLogResponder(queue: queue, followers: followers).respond(to: request, context: context, jobID: try context.numericID(of: "job"))
            },
        ]
    }

    // MARK: Helpers

    private func build(_ context: AppRequestContext) async throws -> Build {
        let id = try buildID(context)
        guard let build = try await builds.build(id: id) else { throw APIError.notFound("no build with id \(id)") }
        return build
    }

    private func buildID(_ context: AppRequestContext) throws -> Int64 { try context.numericID(of: "build") }

    /// The names of the agents that took the build's jobs; none asked for when no agent took one.
    private func agentNames(of build: Build) async throws -> [Int64: String] {
        let ids = Set((build.jobs ?? []).compactMap(\.agentID))
        guard !ids.isEmpty else { return [:] }
        return Dictionary(try await agents.agents().filter { ids.contains($0.id) }.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// A repository by id or full name.
    private func resolveRepository(_ text: String) async throws -> Repository {
        if let id = Int64(text) { return try await repositories.existingRepository(id: id) }
        guard let found = try await repositories.list().repositories.first(where: { $0.name.lowercased() == text.lowercased() }) else {
            throw APIError.notFound("no repository \(text)")
        }
        return found
    }

    /// `POST /api/v1/builds` body.
    struct TriggerRequest: Codable {
        var repository: String?
        var pipeline: String
        var branch: String?
        var commit: String?
        var env: [String: String]?
    }

    /// `GET /api/v1/builds` body.
    struct BuildPage: Codable {
        var builds: [Build]
        var nextCursor: String?
    }
}
