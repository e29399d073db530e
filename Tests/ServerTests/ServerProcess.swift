import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// A real `mobile-ops-server` child process on a loopback port, for what only a process can
/// show: a SIGKILL leaves the database as the process left it, and a restart on the same
/// files carries on from there. Every wait is bounded; `stop()` ends the process.
final class ServerProcess {
    static let adminToken = "process-admin-token-0123456789"

    /// The folder holding the database, the pipelines and one log per start.
    let folder: URL
    /// Variables added to the test's own environment.
    let environment: [String: String]
    let http = HTTPClient()
    private(set) var process: ProcessGroup?
    private(set) var port = 0
    private var starts = 0

    /// A server whose files live in a new temporary folder with `pipelines/`.
    init(environment: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pipelines/trains"), withIntermediateDirectories: true)
        self.environment = environment
    }

    /// The folder of the built executables (beside the test bundle).
    static var binaries: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts the server (again) on the same files and waits until it listens.
    func start() async throws {
        starts += 1
        let launch = ProcessLaunch.command(
            Self.binaries.appendingPathComponent("mobile-ops-server").path,
            ["--port", "0", "--database", folder.appendingPathComponent("db.sqlite").path,
             "--pipelines", folder.appendingPathComponent("pipelines").path, "--admin-token", Self.adminToken],
            environment: environment
        )
        // The log goes to a file: a pipe nobody drains would block the server once full.
        let log = folder.appendingPathComponent("server-\(starts).log")
        let process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: log.path)
        self.process = process
        port = 0
        var text = ""
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, process.isRunning {
            try await Task.sleep(for: .milliseconds(50))
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"port=(\d+)"#, options: .regularExpression), let value = Int(text[range].dropFirst(5)) {
                port = value
                return
            }
        }
        throw ProcessError.didNotStart(text)
    }

    /// SIGKILL: no shutdown, no last write; the files stay as they are.
    func kill() async {
        guard let process, process.isRunning else { return }
        Foundation.kill(process.pid, SIGKILL)
        _ = await process.wait(drain: .zero)
    }

    /// Ends the process and removes the folder. The wait suspends the test's task; it never
    /// holds one of the cooperative pool's threads while the server shuts down.
    func stop() async {
        if let process, process.isRunning {
            process.signal(SIGTERM)
            _ = await process.wait(drain: .zero)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with a server process of `environment` and stops it afterwards, also when
    /// `body` throws (a `defer` cannot await the stop).
    static func with<T>(environment: [String: String], _ body: (ServerProcess) async throws -> T) async throws -> T {
        let server = try ServerProcess(environment: environment)
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Calls the API (as admin unless `token` says otherwise); answers the status and JSON.
    @discardableResult
    func call(_ method: String, _ path: String, token: String = ServerProcess.adminToken, json: String? = nil) async throws -> (status: Int, body: [String: Any]) {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        let request = HTTPClient.Request(method: HTTPMethod(rawValue: method), url: url + path, headers: headers, body: json.map { Array($0.utf8) })
        let response = try await http.execute(request)
        return (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:])
    }

    /// Registers an agent with `tags` and runs every job it gets, passing each; answers how many.
    func passJobs(tags: [String: String], atLeast count: Int) async throws -> Int {
        let registration = try await call("POST", "/api/v1/agents/tokens", json: #"{"name": "process-agents"}"#)
        let token = try #require(registration.body["token"] as? String, "\(registration)")
        let tagJSON = String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
        let registered = try await call("POST", "/api/v1/agents/register", token: token, json: #"{"name": "mac-1", "tags": \#(tagJSON), "slots": 1}"#)
        let agent = try #require(registered.body["token"] as? String, "\(registered)")
        var ran = 0
        let deadline = ContinuousClock.now + .seconds(30)
        while ran < count, ContinuousClock.now < deadline {
            let next = try await call("POST", "/api/v1/agent/jobs/next?wait=0", token: agent)
            guard next.status == 200, let id = next.body["jobID"] as? Int else {
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            try await call("POST", "/api/v1/agent/jobs/\(id)/start", token: agent)
            try await call("POST", "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
            ran += 1
        }
        return ran
    }

    /// Polls `GET path` until `done` holds (for at most 60 s); answers the last body.
    func wait(_ path: String, until done: ([String: Any]) -> Bool) async throws -> [String: Any] {
        var last: [String: Any] = [:]
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            last = try await call("GET", path).body
            if done(last) { return last }
            try await Task.sleep(for: .milliseconds(200))
        }
        return last
    }

    enum ProcessError: Error { case didNotStart(String) }
}
