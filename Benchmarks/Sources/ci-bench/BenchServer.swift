import ChildProcesses
import Foundation
import HTTPClient

#if canImport(Glibc)
import Glibc
#endif

/// A release `mobile-ops-server` started for one scenario on 127.0.0.1, with its own
/// temporary database (SQLite or PostgreSQL) and pipelines folder, stopped with SIGTERM at the end.
final class BenchServer {
    static let adminToken = "bench-admin-token-0123456789abcdef"

    let url: String
    let directory: String
    /// The store it runs on, and the `--database` it was given.
    let database: BenchDatabase
    let databaseLocation: String
    /// Where the server logs, when it was given a file.
    let logPath: String?
    /// Whether `stop()` drops the database: not when another replica's owner made it.
    private let ownsDatabase: Bool
    private let process: ProcessGroup
    let client: HTTPClient

    /// Starts the server with `pipelines` (file name → YAML) and waits for `/readyz`. A replica
    /// joins `sharedLocation` (a database another server made) instead of making its own; with
    /// `logPath`, the server logs notices (the leader lease's among them) there.
    init(
        binary: String, pipelines: [String: String], database: BenchDatabase = .sqlite, sharedLocation: String? = nil,
        logPath: String? = nil, leaseSeconds: Int = 60
    ) async throws {
        directory = NSTemporaryDirectory() + "mobile-ops-ci-bench-\(UUID().uuidString)"
        self.database = database
        try FileManager.default.createDirectory(atPath: directory + "/pipelines", withIntermediateDirectories: true)
        for (name, yaml) in pipelines {
            try yaml.write(toFile: directory + "/pipelines/" + name, atomically: true, encoding: .utf8)
        }
        databaseLocation = try sharedLocation ?? database.create(in: directory)
        ownsDatabase = sharedLocation == nil
        self.logPath = logPath
        let port = try Self.freePort()
        url = "http://127.0.0.1:\(port)"
        let launch = ProcessLaunch.command(binary, [
            "--host", "127.0.0.1", "--port", "\(port)", "--database", databaseLocation,
            "--pipelines", directory + "/pipelines", "--admin-token", Self.adminToken,
            "--log-level", logPath == nil ? "warning" : "notice", "--lease-seconds", "\(leaseSeconds)",
        ])
        process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: logPath ?? "/dev/null")
        client = HTTPClient(configuration: .init(maxConnectionsPerHost: 0, maxIdleConnections: 2_000))
        for _ in 0..<600 {
            if let response = try? await client.execute(.init(url: url + "/readyz", timeout: .seconds(1))), response.status == 200 { return }
            guard process.isRunning else { throw BenchError("the server exited during start-up") }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchError("the server did not become ready in 60 s")
    }

    /// Runs `body` against a fresh server and stops it afterwards, whatever happens.
    static func with<T>(
        binary: String, pipelines: [String: String], database: BenchDatabase = .sqlite, _ body: (BenchServer) async throws -> T
    ) async throws -> T {
        let server = try await BenchServer(binary: binary, pipelines: pipelines, database: database)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Resident set size of the server now, in KiB.
    var rssKiB: Int { Self.status(pid: process.pid, field: "VmRSS") }

    /// An admin API call with a JSON body; answers the decoded JSON object.
    @discardableResult
    func api(_ method: HTTPMethod, _ path: String, json: String? = nil) async throws -> [String: Any] {
        var headers: HTTPHeaders = [HTTPHeader(name: "Authorization", value: "Bearer \(Self.adminToken)")]
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        let response = try await client.execute(.init(method: method, url: url + path, headers: headers, body: json.map { Array($0.utf8) }))
        guard (200..<300).contains(response.status) else {
            throw BenchError("\(method.rawValue) \(path) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    /// SIGKILL: a replica dying without a goodbye.
    func kill9() {
        kill(process.pid, SIGKILL)
    }

    /// Stops the server and removes its folder (and its database, if it made it).
    func stop() async {
        if process.isRunning { kill(process.pid, SIGTERM) }
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { kill(process.pid, SIGKILL) }
        await client.shutdown()
        if ownsDatabase { database.drop(databaseLocation) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Helpers

    /// A port the kernel just handed out on 127.0.0.1.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BenchError("bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A `/proc/<pid>/status` field in KiB (VmRSS, VmHWM, …); 0 when unreadable.
    static func status(pid: Int32, field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

/// A benchmark that could not run, with why.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
