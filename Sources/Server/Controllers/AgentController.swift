import Access
import Core
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Scheduling
import Store

/// The agent protocol (see `AgentProtocol` in Core) and agent administration.
struct AgentController: APIController {
    let auth: AgentAuthService
    let queue: any JobQueue
    /// Where the devices agents report with their polls are kept.
    let devices: any DeviceStore
    let dispatcher: JobDispatcher
    /// Woken when a job's log grows or the job ends.
    let followers: LogFollowers
    /// Signs the build-cache credential each job is handed (`MOBILE_OPS_CACHE_URL`).
    let cacheCredentials: JobCacheCredentials
    let configuration: ServerConfiguration
    /// The clock every time-based decision reads.
    let clock: any TimeSource
    /// The secrets a started job gets, and the second masking of its log.
    let secrets: SecretService

    var routes: [Route] {
        administration + agentProtocol
    }

    /// The agent protocol: registering, polling for jobs and reporting on them.
    private var agentProtocol: [Route] {
        [
            Route(.post, "/api/v1/agents/register", scope: nil, openAPI: OpenAPIOperation(
                "Trade a registration token for an agent token", tag: "agent-protocol", caller: .registration,
                description: [
                    "An agent registering again with the same name and registration token (a restart) gets its agent row back, with the same id and a new token.",
                    "While that agent is online, the answer is 409 `agent_name_in_use`: two running agents need different names.",
                ],
                body: .json(.ref("AgentRegistration")),
                answers: [.json(201, "Registered.", .ref("AgentRegistered"))],
                errors: [.badRequest, .conflict, .databaseUnavailable]
            )) { request, _ in
                // The token before the body, as on every other route: a caller without a
                // registration token gets 401, never a verdict on what it sent.
                let token = request.bearerToken ?? ""
                try await auth.checkRegistrationToken(token)
                let registration = try await request.decodeJSON(AgentRegistration.self, limit: configuration.maxBodySize)
                return try await .json(auth.register(registration, registrationToken: token), status: .created)
            },
            Route.agent(.post, "/api/v1/agent/jobs/next", auth: auth, openAPI: OpenAPIOperation(
                "Long-poll for a job", tag: "agent-protocol", caller: .agent,
                description: [
                    "The optional body reports the agent's devices as it last saw them (`AgentPoll`); they replace what the server knew of them (`GET /api/v1/devices`).",
                    "No body (an agent older than device reports) leaves them as they were.",
                ],
                parameters: [.query("wait", .number, description: "Seconds to wait, at most the server's poll time.")],
                body: .json(.ref("AgentPoll"), required: false),
                answers: [
                    .json(200, "A job for this agent.", .ref("JobAssignment")),
                    OpenAPIOperation.Answer(204, "No job within the wait."),
                ],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, context, agent in
                try await recordDevices(of: agent, from: request)
                try await auth.touch(agent)
                let requested = request.uri.queryParameters.get("wait").flatMap(Double.init) ?? configuration.pollSeconds
                let wait = max(0, min(requested, configuration.pollSeconds))
                guard var job = try await poll(for: agent, wait: .milliseconds(Int(wait * 1000)), channel: context.channel) else {
                    return Response(status: .noContent)
                }
                // A job already claimed must reach its agent: without the store's key it runs
                // without a cache URL rather than wait in `assigned` for its lease to run out.
                do {
                    job.cache = try await cacheCredentials.access(for: job)
                } catch {
                    context.logger.warning("job handed out without a build cache credential", metadata: ["job": "\(job.jobID)", "error": "\(error)"])
                }
                return try .json(job)
            },
            Route.agent(.post, "/api/v1/agent/stop", auth: auth, openAPI: OpenAPIOperation(
                "Tell the server this agent is stopping", tag: "agent-protocol", caller: .agent,
                description: [
                    "Sent by an agent on SIGTERM or SIGINT, after it has reported its running jobs.",
                    "The agent is offline at once and its token stops working; jobs handed to it but never started go back to the queue (no attempt spent), jobs it still held running are lost (retried when their policy allows).",
                    "Registering again with the same name and registration token takes its row back (docs/agents.md).",
                ],
                answers: [.json(200, "Stopped.", .ref("AgentStopped"))],
                errors: [.databaseUnavailable]
            )) { _, _, agent in
                let stopped = try await queue.stopAgent(id: agent.id, now: clock.now)
                secrets.forgetLogs(jobIDs: stopped.lostJobs)
                // Its parked polls here end now; other servers' claims see it stopped.
                dispatcher.release(agentIDs: [agent.id])
                if !stopped.releasedJobs.isEmpty || !stopped.lostJobs.isEmpty { dispatcher.wake() }
                // Followers of a lost job's log see it end now, not at their next slow read.
                followers.wake(jobIDs: stopped.lostJobs)
                return try .json(stopped)
            },
            leaseRenewal("start", "Start an assigned job") { job, agent, lease, now in
                try await queue.startJob(id: job, agentID: agent, leaseSeconds: lease, now: now)
            },
            leaseRenewal("heartbeat", "Extend the job's lease") { job, agent, lease, now in
                try await queue.heartbeat(jobID: job, agentID: agent, leaseSeconds: lease, now: now)
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/log", auth: auth, openAPI: OpenAPIOperation(
                "Append a log chunk", tag: "agent-protocol", caller: .agent,
                parameters: [
                    .path("id"),
                    .header("X-Log-Sequence", .json(#"{"type":"integer","minimum":0}"#), required: true, description: "The chunk's sequence number."),
                ],
                body: OpenAPIOperation.RequestBody(content: ["application/octet-stream": .binary]),
                answers: [.ok("AgentDirective")],
                errors: [.badRequest, .notFound, .conflict, .writeUnavailable]
            )) { request, context, agent in
                guard let sequence = request.headers[Self.sequenceHeader].flatMap(Int.init), sequence >= 0 else {
                    throw APIError.badRequest("send the chunk's sequence number in \(AgentProtocol.logSequenceHeader)", code: "missing_sequence")
                }
                let body = try await request.collectBody(limit: configuration.maxBodySize)
                let id = try jobID(context)
                // The values given to the job are masked again here: the agent's masking is
                // not something the server has to trust. A chunk the store refuses (an agent
                // that does not hold the job) leaves the holder's masking as it was.
                let chunk = try await secrets.prepareLog(jobID: id, agentID: agent.id, sequence: sequence, content: Array(body.readableBytesView))
                let directive = try await queue.appendLog(jobID: id, agentID: agent.id, sequence: sequence, content: chunk.content, now: clock.now)
                secrets.logStored(jobID: id, chunk)
                followers.wake(jobIDs: [id])
                return try .json(directive)
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/secrets", auth: auth, openAPI: OpenAPIOperation(
                "The secrets a started job's step lists that its build may have", tag: "agent-protocol", caller: .agent,
                description: [
                    "Decided from the stored build, never from what the agent sends: the build's repository, pipeline, branch and whether it is a pull request, and from where.",
                    "Each listed secret the build may not have is in `denied` with the reason; a pull request from a fork gets none.",
                    "Every call that lists secrets is written to the audit log (names, never values); the values given are masked again in the job's stored log.",
                ],
                parameters: [.path("id")],
                answers: [.ok("JobSecrets")],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context, agent in
                try await .json(secrets.secrets(forJob: try jobID(context), agentID: agent.id))
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/checkout", auth: auth, openAPI: OpenAPIOperation(
                "Report the checked-out commit", tag: "agent-protocol", caller: .agent,
                parameters: [.path("id")],
                body: .json(.ref("CheckoutReport")),
                answers: [.ok("Recorded")],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context, agent in
                let report = try await request.decodeJSON(CheckoutReport.self, limit: configuration.maxBodySize)
                guard CommitReference.isObjectName(report.commitSHA) else {
                    throw APIError.badRequest("commitSHA must be a full commit object name (40 or 64 lowercase hex digits)", code: "invalid_commit")
                }
                try await queue.recordCheckout(jobID: try jobID(context), agentID: agent.id, commitSHA: report.commitSHA, now: clock.now)
                return try .json(["recorded": true])
            },
            Route.agent(.post, "/api/v1/agent/jobs/:id/finish", auth: auth, openAPI: OpenAPIOperation(
                "Report a job's outcome", tag: "agent-protocol", caller: .agent,
                parameters: [.path("id")],
                body: .json(.ref("JobOutcome")),
                answers: [.ok("Finished")],
                errors: [.badRequest, .notFound, .conflict, .databaseUnavailable]
            )) { request, context, agent in
                let outcome = try await request.decodeJSON(JobOutcome.self, limit: configuration.maxBodySize)
                let id = try jobID(context)
                // The start of a value the masking held back at the log's end, masked, last.
                if let tail = try await secrets.finishLog(jobID: id, agentID: agent.id), !tail.content.isEmpty {
                    _ = try await queue.appendLog(jobID: id, agentID: agent.id, sequence: tail.sequence, content: tail.content, now: clock.now)
                }
                try await queue.finishJob(id: id, agentID: agent.id, outcome: outcome, now: clock.now)
                dispatcher.wake()
                followers.wake(jobIDs: [id])
                return try .json(["finished": true])
            },
        ]
    }

    /// Admin endpoints: agents and registration tokens.
    private var administration: [Route] {
        [
            Route(.get, "/api/v1/agents", scope: .admin, openAPI: OpenAPIOperation(
                "Agents with tags, state and current jobs", tag: "agents",
                answers: [.ok("AgentList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(["agents": auth.agents()])
            },
            Route(.post, "/api/v1/agents/tokens", scope: .admin, openAPI: OpenAPIOperation(
                "Create a registration token", tag: "agents",
                body: .json(.ref("NewRegistrationToken")),
                answers: [.json(201, "Created; the value is shown once.", .ref("CreatedRegistrationToken"))],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, context in
                let input = try await request.decodeJSON(NewToken.self, limit: configuration.maxBodySize)
                let name = input.name.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, name.count <= 100 else {
                    throw APIError.badRequest("name must be 1 to 100 characters", code: "invalid_name")
                }
                let (token, value) = try await auth.createRegistrationToken(name: name, actor: context.actor)
                return try .json(CreatedToken(id: token.id, name: token.name, token: value, createdAt: token.createdAt), status: .created)
            },
            Route(.get, "/api/v1/agents/tokens", scope: .admin, openAPI: OpenAPIOperation(
                "Registration tokens", tag: "agents",
                answers: [.ok("RegistrationTokenList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(["tokens": auth.registrationTokens()])
            },
            Route(.delete, "/api/v1/agents/:id", scope: .admin, openAPI: OpenAPIOperation(
                "Remove an offline or revoked agent", tag: "agents",
                parameters: [.path("id")],
                answers: [.json(200, "The removed agent.", .ref("Agent"))],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                try await .json(auth.removeAgent(id: context.numericID(of: "agent"), actor: context.actor))
            },
            Route(.delete, "/api/v1/agents/tokens/:id", scope: .admin, openAPI: OpenAPIOperation(
                "Revoke a registration token; its agents are disconnected", tag: "agents",
                parameters: [.path("id", .string)],
                answers: [.json(200, "The revoked token.", .ref("RegistrationToken"))],
                errors: [.notFound, .databaseUnavailable]
            )) { _, context in
                let id = try context.parameters.require("id")
                let revoked = try await auth.revokeRegistrationToken(id: id, actor: context.actor)
                // Their parked polls end now instead of at their deadline (or with a job).
                dispatcher.release(agentIDs: Set(try await auth.agentIDs(registeredWith: id)))
                return try .json(revoked)
            },
        ]
    }

    /// Stores the devices a poll's body reports, if it has a body: checked first, so a bad
    /// report changes nothing.
    private func recordDevices(of agent: Agent, from request: Request) async throws {
        let body = try await request.collectBody(limit: configuration.maxBodySize)
        guard body.readableBytes > 0 else { return }
        let poll = try Request.decodeJSON(AgentPoll.self, from: body)
        if let problem = poll.problem() { throw APIError.badRequest(problem, code: "invalid_devices") }
        guard let reported = poll.devices else { return }
        try await devices.recordDevices(agentID: agent.id, devices: reported, now: clock.now)
    }

    /// A call by which the agent holding job `:id` renews the job's lease, `start` as
    /// `heartbeat`: the same parameters, answer and errors, and the configured lease from the
    /// clock's now; only the queue's step differs.
    private func leaseRenewal(
        _ action: String, _ summary: String,
        renew: @escaping @Sendable (_ jobID: Int64, _ agentID: Int64, _ leaseSeconds: Double, _ now: Date) async throws -> AgentDirective
    ) -> Route {
        Route.agent(.post, "/api/v1/agent/jobs/:id/\(action)", auth: auth, openAPI: OpenAPIOperation(
            summary, tag: "agent-protocol", caller: .agent,
            parameters: [.path("id")],
            answers: [.ok("AgentDirective")],
            errors: [.notFound, .conflict, .databaseUnavailable]
        )) { _, context, agent in
            try await .json(renew(try jobID(context), agent.id, configuration.leaseSeconds, clock.now))
        }
    }

    private func jobID(_ context: AppRequestContext) throws -> Int64 {
        try context.numericID(of: "job")
    }

    /// `X-Log-Sequence`; a valid header name literal, so the unwrap cannot fail.
    private static let sequenceHeader = HTTPField.Name(AgentProtocol.logSequenceHeader) ?? .contentLength

    struct NewToken: Codable { var name: String }

    struct CreatedToken: Codable {
        var id: String
        var name: String
        var token: String
        var createdAt: Date
    }
}
