import BuildMetrics
import Core
import Foundation
import HTTPClient

// MARK: - AgentAPI

/// The agent side of ``AgentProtocol``: one method per endpoint, typed requests and answers.
///
/// Holds no state beyond the servers and the HTTP client; every call takes the token it
/// authenticates with, so a re-registration is just a new token. Every call goes to the
/// current server of ``servers``, and moves the agent to the next one when it gets no answer
/// or a 502/503/504 (see ``ServerFailover``); the caller's retry then reaches that server.
public struct AgentAPI: Sendable {
    /// Performs the requests (``HTTPClient`` in production).
    public let client: any HTTPExecuting
    /// The servers, and which one the calls go to now.
    public let servers: ServerFailover
    /// The limit for calls other than the long poll.
    public var requestTimeout: Duration = .seconds(30)

    /// Creates the API over `client`, talking to `servers`.
    public init(client: any HTTPExecuting, servers: ServerFailover) {
        self.client = client
        self.servers = servers
    }

    /// Creates the API over `client`, talking to the one server at `serverURL`.
    public init(client: any HTTPExecuting, serverURL: String) {
        self.init(client: client, servers: ServerFailover(urls: [serverURL]))
    }

    /// The base URL calls go to now, without a trailing slash.
    public var serverURL: String { self.servers.current.url }

    // MARK: Endpoints

    /// `POST /api/v1/agents/register` with the registration token.
    public func register(_ registration: AgentRegistration, registrationToken: String) async throws(AgentAPIError) -> AgentRegistered {
        let response = try await self.send("/agents/register", token: registrationToken, json: registration)
        if response.status == 409, AgentAPIError.errorCode(in: response.body) == "agent_name_in_use" {
            throw .nameInUse(AgentAPIError.excerpt(response.body))
        }
        try Self.expect(response, statuses: [200, 201])
        return try Self.decode(AgentRegistered.self, from: response)
    }

    /// `POST /api/v1/agent/jobs/next?wait=S`: a job, or nil when the server had none (204).
    /// `devices`, when given, is the agent's latest look at its devices (``AgentPoll``).
    public func nextJob(token: String, waitSeconds: Int, devices: [DeviceReport]? = nil) async throws(AgentAPIError) -> JobAssignment? {
        var body: [UInt8] = []
        var headers: [HTTPHeader] = []
        if let devices {
            do { body = try JSONCoding.encode(AgentPoll(devices: devices)) } catch {
                throw .badResponse("could not encode the device report: \(error)")
            }
            headers = [HTTPHeader(name: "Content-Type", value: "application/json")]
        }
        let response = try await self.send(
            "/agent/jobs/next?wait=\(waitSeconds)", token: token, body: body, extraHeaders: headers,
            timeout: .seconds(waitSeconds + 15)
        )
        if response.status == 204 { return nil }
        try Self.expect(response, statuses: [200])
        return try Self.decode(JobAssignment.self, from: response)
    }

    /// `POST /api/v1/agent/stop`: this agent is stopping. Answers what the server did with
    /// the jobs it still held. Short: it runs while the agent exits.
    public func stop(token: String) async throws(AgentAPIError) -> AgentStopped {
        let response = try await self.send("/agent/stop", token: token, body: [], timeout: .seconds(5))
        try Self.expect(response, statuses: [200])
        return try Self.decode(AgentStopped.self, from: response)
    }

    /// `POST /api/v1/agent/jobs/{id}/start`.
    public func start(jobID: Int64, token: String) async throws(AgentAPIError) -> AgentDirective {
        let response = try await self.send("/agent/jobs/\(jobID)/start", token: token, body: [])
        return try Self.directive(from: response)
    }

    /// `POST /api/v1/agent/jobs/{id}/log` with raw bytes and `X-Log-Sequence`.
    public func appendLog(jobID: Int64, sequence: Int, bytes: [UInt8], token: String) async throws(AgentAPIError) -> AgentDirective {
        let response = try await self.send(
            "/agent/jobs/\(jobID)/log", token: token, body: bytes,
            extraHeaders: [
                HTTPHeader(name: AgentProtocol.logSequenceHeader, value: String(sequence)),
                HTTPHeader(name: "Content-Type", value: "application/octet-stream"),
            ]
        )
        return try Self.directive(from: response)
    }

    /// `POST /api/v1/agent/jobs/{id}/secrets`: the values of the secrets the job's step lists
    /// that its build may have, and the names it is refused. An answer that cannot be decoded
    /// is reported without an excerpt: its text holds the values.
    public func secrets(jobID: Int64, token: String) async throws(AgentAPIError) -> JobSecrets {
        let response = try await self.send("/agent/jobs/\(jobID)/secrets", token: token, body: [])
        try Self.expect(response, statuses: [200])
        do { return try JSONCoding.decode(JobSecrets.self, from: response.body) } catch {
            throw .badResponse("the secrets answer (\(response.body.count) bytes) could not be decoded")
        }
    }

    /// `POST /api/v1/agent/jobs/{id}/heartbeat`.
    public func heartbeat(jobID: Int64, token: String) async throws(AgentAPIError) -> AgentDirective {
        let response = try await self.send("/agent/jobs/\(jobID)/heartbeat", token: token, body: [])
        return try Self.directive(from: response)
    }

    /// `POST /api/v1/agent/jobs/{id}/checkout`: the commit the job's workspace holds.
    public func reportCheckout(jobID: Int64, commitSHA: String, token: String) async throws(AgentAPIError) {
        let response = try await self.send("/agent/jobs/\(jobID)/checkout", token: token, json: CheckoutReport(commitSHA: commitSHA))
        try Self.expect(response, statuses: [200, 204])
    }

    /// `POST /api/v1/agent/jobs/{id}/finish` with the outcome.
    public func finish(jobID: Int64, outcome: JobOutcome, token: String) async throws(AgentAPIError) {
        let response = try await self.send("/agent/jobs/\(jobID)/finish", token: token, json: outcome)
        try Self.expect(response, statuses: [200, 204])
    }

    /// `POST /api/v1/agent/jobs/{id}/metrics` with the job's build report (before `finish`).
    public func postMetrics(jobID: Int64, report: BuildReport, token: String) async throws(AgentAPIError) {
        let body: Data
        do { body = try report.encoded() } catch { throw .badResponse("could not encode the build report: \(error)") }
        let response = try await self.send(
            "/agent/jobs/\(jobID)/metrics", token: token, body: Array(body),
            extraHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")])
        try Self.expect(response, statuses: [200, 201])
    }

    /// `POST /api/v1/agent/jobs/{id}/impact`: what a `ui_tests:` job selected and skipped.
    public func postUITestReport(jobID: Int64, report: UITestReport, token: String) async throws(AgentAPIError) {
        let response = try await self.send("/agent/jobs/\(jobID)/impact", token: token, json: report)
        try Self.expect(response, statuses: [200, 201, 204])
    }

    /// `POST /api/v1/agent/jobs/{id}/findings`: one report's findings, answered with how they
    /// compare with the target branch. `body` is the encoded ``JobFindings`` (the caller
    /// encodes it first to check its size). Storing many findings takes the server a while.
    public func postFindings(jobID: Int64, body: [UInt8], token: String) async throws(AgentAPIError) -> JobFindingsAnswer {
        let response = try await self.send(
            "/agent/jobs/\(jobID)/findings", token: token, body: body,
            extraHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")], timeout: .seconds(300))
        try Self.expect(response, statuses: [200])
        return try Self.decode(JobFindingsAnswer.self, from: response)
    }

    /// `PUT /api/v1/agent/jobs/{id}/artifacts?path=…`, the body streamed from `file`.
    public func uploadArtifact(jobID: Int64, path: String, file: String, token: String) async throws(AgentAPIError) {
        let query = path.addingPercentEncoding(withAllowedCharacters: Self.queryValueCharacters) ?? path
        let response = try await self.exchange { base in
            HTTPRequest(
                method: .put, url: base + "/api/v1/agent/jobs/\(jobID)/artifacts?path=" + query,
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/octet-stream"],
                bodyFile: file, timeout: .seconds(3600)
            )
        }
        if response.status == 409, AgentAPIError.errorCode(in: response.body) == "job_not_held" { throw .jobNotHeld }
        try Self.expect(response, statuses: [201])
    }

    /// Unreserved characters: everything else in a query value is percent-encoded.
    private static let queryValueCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    // MARK: Plumbing

    func send(_ path: String, token: String, json: some Encodable) async throws(AgentAPIError) -> HTTPResponse {
        let body: [UInt8]
        do { body = try JSONCoding.encode(json) } catch {
            throw .badResponse("could not encode request: \(error)")
        }
        return try await self.send(path, token: token, body: body,
                                   extraHeaders: [HTTPHeader(name: "Content-Type", value: "application/json")])
    }

    private func send(
        _ path: String, token: String, body: [UInt8], extraHeaders: [HTTPHeader] = [], timeout: Duration? = nil
    ) async throws(AgentAPIError) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Authorization": "Bearer \(token)",
            "Accept": "application/json",
        ]
        for header in extraHeaders { headers.add(name: header.name, value: header.value) }
        let timeout = timeout ?? self.requestTimeout
        let response = try await self.exchange { base in
            HTTPRequest(method: .post, url: base + "/api/v1" + path, headers: headers, body: body, timeout: timeout)
        }
        if response.status == 409, AgentAPIError.errorCode(in: response.body) == "job_not_held" {
            throw .jobNotHeld
        }
        if response.status == 401 { throw .unauthorized(AgentAPIError.excerpt(response.body)) }
        return response
    }

    /// Sends the request `make` builds for the current server; a missing answer or a
    /// 502/503/504 moves the agent to the next server before the caller sees it.
    private func exchange(_ make: (_ base: String) -> HTTPRequest) async throws(AgentAPIError) -> HTTPResponse {
        let choice = self.servers.current
        let response: HTTPResponse
        do { response = try await self.client.execute(make(choice.url)) } catch {
            if ServerFailover.warrantsFailover(error) { self.servers.failed(choice, reason: error.description) }
            throw .transport(error)
        }
        if ServerFailover.warrantsFailover(status: response.status) {
            self.servers.failed(choice, reason: "HTTP \(response.status)")
        }
        return response
    }

    static func expect(_ response: HTTPResponse, statuses: Set<Int>) throws(AgentAPIError) {
        guard statuses.contains(response.status) else {
            throw .unexpectedStatus(response.status, AgentAPIError.excerpt(response.body))
        }
    }

    private static func directive(from response: HTTPResponse) throws(AgentAPIError) -> AgentDirective {
        try Self.expect(response, statuses: [200, 204])
        // An empty answer means "carry on"; the protocol only ever adds `cancel: true`.
        if response.status == 204 || response.body.isEmpty { return AgentDirective(cancel: false) }
        return try Self.decode(AgentDirective.self, from: response)
    }

    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws(AgentAPIError) -> T {
        do { return try JSONCoding.decode(type, from: response.body) } catch {
            throw .badResponse("\(T.self) could not be decoded (\(error)): \(AgentAPIError.excerpt(response.body))")
        }
    }
}
