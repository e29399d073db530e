import Core
import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// A real server process, real agent processes and a real git repository in a temp folder.
///
/// Everything talks over loopback; every wait is bounded; `stop()` ends every process.
final class Fleet {
    static let adminToken = "e2e-admin-token-0123456789"
    static let secret = "e2e-webhook-secret-0123456789"

    let root: URL
    let http = HTTPClient()
    private(set) var server: ProcessGroup?
    private(set) var agents: [String: ProcessGroup] = [:]
    private(set) var port = 0
    private(set) var registrationToken = ""
    /// The server's SQLite file; its artifacts go in `artifacts/` beside it. A test may move
    /// it (onto a small file system) before starting the server.
    var database: URL
    /// The PostgreSQL database the server stores in instead of `database`, when set.
    var postgresURL: String?

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-e2e-\(UUID().uuidString)")
        database = root.appendingPathComponent("db.sqlite")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pipelines"), withIntermediateDirectories: true)
    }

    static var binaries: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder
    }

    var url: String { "http://127.0.0.1:\(port)" }

    // MARK: Processes

    /// Starts the server (with a short lease unless told otherwise) and waits until it listens.
    func startServer(pipeline: String, train: String? = nil, environment: [String: String] = [:], leaseSeconds: Int = 3) async throws {
        try pipeline.write(to: root.appendingPathComponent("pipelines/e2e.yml"), atomically: true, encoding: .utf8)
        if let train {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("pipelines/trains"), withIntermediateDirectories: true)
            try train.write(to: root.appendingPathComponent("pipelines/trains/e2e.yml"), atomically: true, encoding: .utf8)
        }
        let launch = ProcessLaunch.command(
            Self.binaries.appendingPathComponent("mobile-ops-server").path,
            ["--port", "0", "--database", postgresURL ?? database.path, "--pipelines", root.appendingPathComponent("pipelines").path,
             "--admin-token", Self.adminToken, "--lease-seconds", "\(leaseSeconds)"],
            environment: environment
        )
        // The log goes to a file (a pipe nobody drains would block the server once full),
        // emptied first so that the port read below is this start's.
        let logFile = root.appendingPathComponent("server.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: logFile.path)
        server = process
        // The port comes from the "listening" line: this start's, not a stopped server's.
        port = 0
        var log = ""
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, process.isRunning {
            try await Task.sleep(for: .milliseconds(50))
            log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if let range = log.range(of: #"port=(\d+)"#, options: .regularExpression), let value = Int(log[range].dropFirst(5)) {
                port = value
                break
            }
        }
        guard port != 0 else { throw FleetError.serverDidNotStart(log) }
        let created = try await call("POST", "/api/v1/agents/tokens", json: #"{"name": "e2e"}"#)
        registrationToken = try #require(created["token"] as? String)
    }

    /// Starts a real agent process with the given tags, talking to this fleet's server or,
    /// when given, to `servers` (each a `--server`: replicas, or one load balancer).
    /// `arguments` and `environment` are added to the agent's own.
    func startAgent(
        _ name: String, tags: [String], pollWait: Int = 2, servers: [String]? = nil, arguments: [String] = [], environment: [String: String] = [:]
    ) throws {
        let launch = ProcessLaunch.command(
            Self.binaries.appendingPathComponent("mobile-ops-agent").path,
            (servers ?? [url]).flatMap { ["--server", $0] } + ["--registration-token", registrationToken, "--name", name,
             "--workdir", root.appendingPathComponent("agents/\(name)").path, "--poll-wait", "\(pollWait)", "--log-level", "info"]
                + tags.flatMap { ["--tag", $0] } + arguments,
            environment: environment
        )
        let logFile = root.appendingPathComponent("agent-\(name).log")
        agents[name] = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: logFile.path)
    }

    /// SIGKILL: the agent gets no chance to say goodbye.
    func kill(agent name: String) async {
        guard let process = agents[name] else { return }
        Foundation.kill(process.pid, SIGKILL)
        _ = await process.wait(drain: .zero)
    }

    /// SIGTERM to the server, and waits until it has exited (closing the database); a server
    /// still running after `limit`, or one that exits other than with status 0, is a recorded
    /// failure, with the end of its log (a running one is killed).
    func stopServer(within limit: Duration = .seconds(60)) async {
        guard let server, server.isRunning else { return }
        server.signal(SIGTERM)
        // The server ends by itself within 25 s, with status 4 when it had to cut its shutdown
        // short; one still running well past that is a failure to report, not a reason to hang
        // the test run.
        if await !exits(server, within: limit) {
            Issue.record("the server did not exit within \(limit) of SIGTERM; killed. Its log ends:\n\(await serverLogTail())")
            Foundation.kill(server.pid, SIGKILL)
            _ = await server.wait(drain: .zero)
            return
        }
        let status = await server.wait(drain: .zero)
        if status != .exited(0) {
            Issue.record("the server's shutdown was not clean: \(status). Its log ends:\n\(await serverLogTail())")
        }
    }

    /// The last lines of the server's log, read off the cooperative pool, for a failure message.
    private func serverLogTail(lines: Int = 80) async -> String {
        let logFile = root.appendingPathComponent("server.log")
        return await DedicatedThread.run {
            let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? "(no log)"
            return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
        }
    }

    /// Waits, suspended, until the server (killed by the test) has exited.
    func serverExited() async {
        _ = await server?.wait(drain: .zero)
    }

    /// Ends every process and removes the folder, for a `defer`, which cannot await: it
    /// signals them here and leaves the waiting (bounded, then SIGKILL) and the removal to a
    /// task of its own, which suspends while they shut down.
    func stop() {
        let processes = Array(agents.values) + (server.map { [$0] } ?? [])
        for process in processes where process.isRunning { process.signal(SIGTERM) }
        let root = self.root
        let keep = ProcessInfo.processInfo.environment["MOBILE_OPS_KEEP_E2E"] != nil
        Task.detached { await reap(processes, removing: keep ? nil : root) }
    }

    enum FleetError: Error { case serverDidNotStart(String), timedOut(String) }
}

/// Whether `process` exits within `limit`; the task sleeps between looks (`wait()` cannot be
/// given up on once started, so it is no use for a bounded wait).
private func exits(_ process: ProcessGroup, within limit: Duration) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while process.isRunning, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(50))
    }
    return !process.isRunning
}

/// Waits for each process (SIGKILL for one still running 60 s on), then removes `folder`.
private func reap(_ processes: [ProcessGroup], removing folder: URL?) async {
    for process in processes {
        let exited = await exits(process, within: .seconds(60))
        if !exited { Foundation.kill(process.pid, SIGKILL) }
    }
    if let folder { try? FileManager.default.removeItem(at: folder) }
}
