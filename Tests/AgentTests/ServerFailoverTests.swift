import Agent
import Core
import Foundation
import HTTPClient
import Logging
import Testing
import TestSupport

/// Several `--server` URLs: which server the agent uses, when it moves on, and that a job
/// survives the death of the server it started on.
@Suite(.timeLimit(.minutes(2)))
struct ServerFailoverTests {
    // MARK: Rules

    @Test("the first server first; a failure of the current one moves round robin; stale failures move nothing")
    func rotation() {
        let servers = ServerFailover(urls: ["http://a:8080/", "http://b:8080", "http://c:8080"])
        #expect(servers.urls == ["http://a:8080", "http://b:8080", "http://c:8080"])
        let first = servers.current
        #expect(first.url == "http://a:8080")
        // Three requests were out to A when it died: the first failure moves, the others not.
        #expect(servers.failed(first, reason: "refused")?.url == "http://b:8080")
        #expect(servers.failed(first, reason: "refused") == nil)
        #expect(servers.current.url == "http://b:8080")
        #expect(servers.failed(servers.current, reason: "refused")?.url == "http://c:8080")
        #expect(servers.failed(servers.current, reason: "refused")?.url == "http://a:8080")
        // Back on A, a late failure of a request sent to A before the first move is stale.
        #expect(servers.failed(first, reason: "late") == nil)
        #expect(servers.current.url == "http://a:8080")
    }

    @Test("one server: a failure never moves")
    func single() {
        let servers = ServerFailover(urls: ["http://only:8080"])
        #expect(servers.failed(servers.current, reason: "refused") == nil)
        #expect(servers.current.url == "http://only:8080")
    }

    @Test("no answer, 502, 503 and 504 move; the server's own answers and local errors do not")
    func whatMoves() {
        for error: HTTPClientError in [.connectionFailed("refused"), .timedOut("30 s"), .transferFailed(code: 56, message: "reset"),
                                       .dnsFailure("no such host"), .tlsFailure("bad certificate")] {
            #expect(ServerFailover.warrantsFailover(error), "\(error)")
        }
        for error: HTTPClientError in [.cancelled, .shutDown, .invalidURL("x"), .invalidRequest("x"), .responseTooLarge(limit: 1)] {
            #expect(!ServerFailover.warrantsFailover(error), "\(error)")
        }
        for status in [502, 503, 504] { #expect(ServerFailover.warrantsFailover(status: status)) }
        for status in [200, 204, 400, 401, 403, 404, 409, 413, 429, 500] { #expect(!ServerFailover.warrantsFailover(status: status)) }
    }

    @Test("server lists: repeated or comma-separated, each an http(s) base URL, none twice")
    func validation() throws {
        #expect(AgentConfiguration.parseServerList(" http://a:1, http://b:2,,") == ["http://a:1", "http://b:2"])
        #expect(throws: Never.self) { try AgentConfiguration.validateServerURLs(["http://a:1", "https://b.example.com/ci/"]) }
        for (urls, message) in [
            ([], "no server URL given"), (["ftp://a"], "must be an http:// or https:// URL"), (["http://"], "must be an http"),
            (["a:8080"], "must be an http"), (["http://a?x=1"], "without ?query"),
            (["http://a:1", "http://a:1/"], "is given twice"),
        ] as [([String], String)] {
            #expect { try AgentConfiguration.validateServerURLs(urls) } throws: { error in
                (error as? AgentConfigurationError)?.description.contains(message) == true
            }
        }
    }

    // MARK: Over HTTP

    @Test("a dead first server: registration moves to the second; a 401 or 409 from a live one stays")
    func apiMovesOnlyOnMissingAnswers() async throws {
        let dead = "http://127.0.0.1:\(try await FakeAgentServer.closedPort())"
        let client = HTTPClient()
        try await FakeAgentServer.run { live in
            let api = AgentAPI(client: client, servers: ServerFailover(urls: [dead, live.url]))
            let registration = AgentRegistration(name: "n", tags: [:], slots: 1)
            await #expect(throws: AgentAPIError.self) { try await api.register(registration, registrationToken: FakeAgentServer.registrationToken) }
            #expect(api.serverURL == live.url)
            let registered = try await api.register(registration, registrationToken: FakeAgentServer.registrationToken)

            let staying = AgentAPI(client: client, servers: ServerFailover(urls: [live.url, dead]))
            do throws(AgentAPIError) {
                _ = try await staying.heartbeat(jobID: 1, token: "wrong")
                Issue.record("a wrong token was accepted")
            } catch {
                guard case .unauthorized = error else { throw error }
            }
            await live.state.release(1)
            await #expect(throws: AgentAPIError.jobNotHeld) { _ = try await staying.heartbeat(jobID: 1, token: registered.token) }
            #expect(staying.serverURL == live.url)
        }
        await client.shutdown()
    }

    @Test("a 503 from the current server moves to the next")
    func serviceUnavailableMoves() async throws {
        let client = HTTPClient()
        let unavailable = FakeAgentState()
        await unavailable.setUnavailable(true)
        try await FakeAgentServer.run(state: unavailable) { first in
            try await FakeAgentServer.run { second in
                let api = AgentAPI(client: client, servers: ServerFailover(urls: [first.url, second.url]))
                let registration = AgentRegistration(name: "n", tags: [:], slots: 1)
                await #expect(throws: AgentAPIError.self) { try await api.register(registration, registrationToken: FakeAgentServer.registrationToken) }
                #expect(await unavailable.unavailableAnswers == 1)
                #expect(api.serverURL == second.url)
                _ = try await api.register(registration, registrationToken: FakeAgentServer.registrationToken)
            }
        }
        await client.shutdown()
    }

    @Test("the server a job started on goes away: log, heartbeats and finish go on to the other, with the same registration")
    func jobSurvivesItsServer() async throws {
        let workdir = try TemporaryDirectory()
        let go = workdir.path + "/go"
        // Both fakes answer from one state, as two replicas answer from one database.
        let shared = FakeAgentState()
        try await FakeAgentServer.run(state: shared) { second in
            let agent = try await FakeAgentServer.run(state: shared) { first -> RunningAgent in
                let agent = RunningAgent(servers: [first.url, second.url], workDirectory: workdir.path)
                // The job waits for the test's go-ahead, so it is still running when the
                // heartbeats to the second server are looked for, however slow the switch.
                await shared.enqueue(makeJob(7, commands: ["echo before-the-switch", "while [ ! -e '\(go)' ]; do sleep 0.05; done", "echo after-the-switch"]))
                try await waitUntil("the first line reached the first server") { await shared.log(7).contains("before-the-switch") }
                #expect(await shared.outcome(7) == nil)
                return agent
            }
            // The first server has stopped; the job is still waiting.
            let heartbeatsAtSwitch = await shared.heartbeats[7, default: 0]
            try await waitUntil("heartbeats go on to the second server") { await shared.heartbeats[7, default: 0] > heartbeatsAtSwitch }
            _ = FileManager.default.createFile(atPath: go, contents: nil)
            let outcome = try await waitForOutcome(second, 7)
            await agent.stop()
            #expect(outcome.state == .passed)
            #expect(await shared.log(7).contains("after-the-switch"))
            let sequences = await shared.sequences(7)
            #expect(sequences == Array(0..<sequences.count), "no chunk lost")
            #expect(await shared.registrations.count == 1, "the agent kept its registration")
        }
    }
}

// MARK: - RunningAgent

/// An `AgentRunner` started outside any one server's lifetime, stopped by ``stop()``.
final class RunningAgent: Sendable {
    private let client: HTTPClient
    private let task: Task<Void, any Error>

    init(servers: [String], workDirectory: String) {
        var logger = Logger(label: "AgentTests.agent")
        logger.logLevel = .warning
        var configuration = testConfiguration(server: servers[0], workDirectory: workDirectory)
        configuration.serverURLs = servers
        let client = HTTPClient()
        self.client = client
        let runner = AgentRunner(configuration: configuration, client: client, logger: logger)
        self.task = Task { try await runner.run() }
    }

    /// Cancels the agent and waits (bounded) until it stopped.
    func stop() async {
        self.task.cancel()
        _ = try? await withTimeLimit(.seconds(20)) { [task] in try await task.value }
        await self.client.shutdown()
    }
}
