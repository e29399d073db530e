import ChildProcesses
import Agent
import Core
import Foundation
import HTTPClient
import Logging
import Testing
import TestSupport

// MARK: - Waiting

/// Polls `condition` every 20 ms until it holds; throws after `limit`.
func waitUntil(
    _ what: String, limit: Duration = .seconds(20), _ condition: @Sendable () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw TimeLimitExceeded(what: what) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// Polls until the fake server has an outcome for `jobID`, and returns it.
func waitForOutcome(_ server: FakeAgentServer, _ jobID: Int64, limit: Duration = .seconds(30)) async throws -> JobOutcome {
    try await waitUntil("the outcome of job \(jobID)", limit: limit) { await server.state.outcome(jobID) != nil }
    return try #require(await server.state.outcome(jobID))
}

// MARK: - Agents under test

/// A configuration with short, bounded timings for tests.
func testConfiguration(server: String, workDirectory: String, slots: Int = 1) -> AgentConfiguration {
    AgentConfiguration(
        serverURLs: [server], registrationToken: FakeAgentServer.registrationToken, name: "test-agent",
        tags: ["platform": "linux", "xcode": "none"], slots: slots, workDirectory: workDirectory,
        pollWaitSeconds: 1, backoffInitial: .milliseconds(50), backoffMaximum: .milliseconds(400),
        killGracePeriod: .seconds(1), logFlushInterval: .milliseconds(300)
    )
}

/// Runs an `AgentRunner` against `server` while `body` runs (for at most `limit`), then
/// cancels it and waits (bounded) for it to stop.
/// `keychains` lets steps with `keychain:` run (against a fake `security` first on the PATH of
/// `environment`, the agent's own environment).
func withAgent(
    server: String, workDirectory: String, slots: Int = 1, limit: Duration = .seconds(60), keychains: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    _ body: @escaping @Sendable () async throws -> Void
) async throws {
    var logger = Logger(label: "AgentTests.agent")
    logger.logLevel = .warning
    let client = HTTPClient()
    var configuration = testConfiguration(server: server, workDirectory: workDirectory, slots: slots)
    configuration.keychains = keychains
    let runner = AgentRunner(configuration: configuration, client: client, logger: logger, baseEnvironment: environment)
    let agentTask = Task { try await runner.run() }
    do {
        try await withTimeLimit(limit) { try await body() }
    } catch {
        agentTask.cancel()
        _ = await agentTask.result
        await client.shutdown()
        throw error
    }
    agentTask.cancel()
    _ = try await withTimeLimit(.seconds(20)) { try await agentTask.value }
    await client.shutdown()
}

/// A job for the fake to hand out.
func makeJob(
    _ jobID: Int64, commands: [String], env: [String: String] = [:], repository: CheckoutTarget? = nil,
    timeoutSeconds: Double? = nil, leaseSeconds: Double = 0.9, artifacts: [String] = []
) -> JobAssignment {
    JobAssignment(
        jobID: jobID, buildID: 100 + jobID, buildNumber: 7, pipeline: "ios-pr", stepKey: "unit",
        label: "Unit tests", attempt: 1, repository: repository,
        spec: JobSpec(commands: commands, env: env, timeoutSeconds: timeoutSeconds, artifacts: artifacts),
        leaseSeconds: leaseSeconds
    )
}

// MARK: - Processes

/// Runs `script` with `/bin/sh -c` in `directory` and returns its stdout (trimmed); throws if it fails.
@discardableResult
func shell(_ script: String, in directory: String) async throws -> String {
    let output = try await Command.run(.command("/bin/sh", ["-c", script], in: directory))
    guard output.status.isSuccess else { throw ShellFailed(script: script, status: output.status.code) }
    return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A helper script failed.
struct ShellFailed: Error {
    let script: String
    let status: Int32
}

/// Whether `pid` is a live process (a zombie waiting to be reaped counts as gone).
func isAlive(_ pid: Int32) -> Bool {
    #if !os(Linux)
    return kill(pid, 0) == 0
    #else
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    guard let close = stat.lastIndex(of: ")") else { return false }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.first != "Z" && fields.first != "X"
    #endif
}

/// The pid written to `path`, once the file holds one.
func readPID(_ path: String) -> Int32? {
    (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}

/// Waits for the outcome of `jobID` and expects it to be `state`.
func expectState(
    _ server: FakeAgentServer, _ jobID: Int64, _ state: JobState, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let outcome = try await waitForOutcome(server, jobID)
    #expect(outcome.state == state, "job \(jobID): \(outcome)", sourceLocation: sourceLocation)
}
