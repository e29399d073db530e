import ChildProcesses
import Core
import Foundation
import HTTPClient
import Testing
import TestSupport


/// `mobile-ops artifacts download` against a real server: streamed to disk, checked, and
/// renamed into place only when whole.
@Suite("mobile-ops artifacts download")
struct ArtifactDownloadTests {
    /// Uploads `bytes` as an artifact of a job a new agent holds; answers the artifact id.
    static func upload(_ server: LiveServer, _ bytes: [UInt8], path: String = "build/App.ipa") async throws -> Int {
        let (agentToken, jobID) = try await Self.heldJob(server)
        return try await Self.upload(server, bytes, path: path, job: jobID, token: agentToken)
    }

    /// A job of a new build, held by a new agent: the agent's token and the job's id.
    static func heldJob(_ server: LiveServer) async throws -> (token: String, job: Int) {
        let env = server.adminEnvironment
        _ = try await CLIProcess.run(
            ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
        _ = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123"], environment: env)
        let registration = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet-\#(UUID().uuidString)"}"#)
        let token = try #require(registration["token"] as? String)
        let agent = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/register", token: token,
                                                        json: #"{"name": "mac-\#(UUID().uuidString)", "tags": {"platform": "ios", "xcode": "16.2"}, "slots": 1}"#)
        let agentToken = try #require(agent["token"] as? String)
        let job = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agentToken)
        return (agentToken, try #require(job["jobID"] as? Int))
    }

    /// Uploads `bytes` as an artifact of `job` with the agent's `token`; answers the artifact id.
    static func upload(_ server: LiveServer, _ bytes: [UInt8], path: String, job jobID: Int, token agentToken: String) async throws -> Int {
        let client = HTTPClient()
        let uploaded = try await client.execute(HTTPClient.Request(
            method: .put, url: server.url + "/api/v1/agent/jobs/\(jobID)/artifacts?path=\(path)",
            headers: ["Authorization": "Bearer \(agentToken)"], body: bytes, timeout: .seconds(120)))
        await client.shutdown()
        #expect(uploaded.status == 201, "\(uploaded.bodyText)")
        let object = (try? JSONSerialization.jsonObject(with: Data(uploaded.body))) as? [String: Any]
        return try #require(object?["id"] as? Int)
    }

    /// Whether the file at `path` holds exactly `bytes`, read and compared off the cooperative pool.
    static func file(_ path: String, holds bytes: [UInt8]) async -> Bool {
        await DedicatedThread.run { (try? Data(contentsOf: URL(fileURLWithPath: path))) == Data(bytes) }
    }

    /// A new empty folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a 24 MiB artifact arrives byte for byte, with its size and SHA-256, and nothing else is left in the folder")
    func largeArtifact() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = await TestBytes.make(24 << 20)
        try await LiveServer.run { server in
            let id = try await Self.upload(server, bytes)
            let env = server.adminEnvironment
            let target = folder.appendingPathComponent("App.ipa").path
            let done = try await CLIProcess.run(["artifacts", "download", String(id), "--output", target, "--json"], environment: env)
            #expect(done.status == 0, "\(done.stderr)")
            #expect(await Self.file(target, holds: bytes), "byte-identical")
            let answer = (try? JSONSerialization.jsonObject(with: Data(done.stdout.utf8))) as? [String: Any]
            #expect(answer?["size"] as? Int == bytes.count)
            #expect((answer?["sha256"] as? String)?.count == 64)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["App.ipa"])
        }
    }

    @Test("bytes that do not match the recorded SHA-256: exit 1, no file written, an older file left as it was")
    func failedDownloadLeavesNoFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = await TestBytes.make(3 << 20)
        try await LiveServer.run { server in
            let id = try await Self.upload(server, bytes)
            // The stored file changes behind the server's back (a bad disk, say): same size,
            // one byte different, so only the checksum can tell.
            let stored = try #require(Self.files(under: server.directory.appendingPathComponent("artifacts")).first { file in
                (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) == bytes.count
            })
            let handle = try FileHandle(forWritingTo: stored)
            try handle.seek(toOffset: UInt64(bytes.count / 2))
            try handle.write(contentsOf: [bytes[bytes.count / 2] ^ 0xFF])
            try handle.close()

            let env = server.adminEnvironment
            let fresh = folder.appendingPathComponent("new.ipa").path
            let refused = try await CLIProcess.run(["artifacts", "download", String(id), "--output", fresh], environment: env)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("SHA-256"), "\(refused.stderr)")

            let older = folder.appendingPathComponent("old.ipa")
            try Data("the build before".utf8).write(to: older)
            let again = try await CLIProcess.run(["artifacts", "download", String(id), "--output", older.path], environment: env)
            #expect(again.status == 1)
            #expect(try Data(contentsOf: older) == Data("the build before".utf8))

            let unknown = try await CLIProcess.run(["artifacts", "download", "999", "--output", fresh], environment: env)
            #expect(unknown.status == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["old.ipa"], "no partial or temporary file")
        }
    }

    @Test("memory does not grow with the artifact: 64 MiB needs no more than 1 MiB does, give or take 32 MiB",
          .enabled(if: python != nil, "needs python3 to read the peak memory"))
    func boundedMemory() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LiveServer.run { server in
            let (token, job) = try await Self.heldJob(server)
            let small = try await Self.upload(server, await TestBytes.make(1 << 20), path: "small.bin", job: job, token: token)
            let large = try await Self.upload(server, await TestBytes.make(64 << 20), path: "large.bin", job: job, token: token)
            let environment = server.adminEnvironment
            var peaks: [Int] = []
            for id in [small, large] {
                let run = try await Self.peakMemory(["artifacts", "download", String(id), "--output", folder.appendingPathComponent("\(id)").path], environment: environment)
                #expect(run.status == 0)
                peaks.append(run.peakKiB)
            }
            // Holding the body whole would take at least 64 MiB more (twice that with the copy).
            #expect(peaks[1] - peaks[0] < 32 * 1024, "peak resident memory: \(peaks[0]) KiB for 1 MiB, \(peaks[1]) KiB for 64 MiB")
        }
    }

    /// Every regular file under `folder`.
    static func files(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// A Python to measure with: the test venv's, else the system's; nil when there is none.
    static let python: String? = [ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_PYTHON"], "/usr/bin/python3"]
        .compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `mobile-ops arguments…` and answers its exit status and peak resident memory in
    /// KiB, from the kernel's accounting (`ru_maxrss` of the waited-for children of a small
    /// Python parent). Not measured from this process: a child started by a process carries
    /// that parent's resident size into its own peak, and this one holds a server.
    static func peakMemory(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, peakKiB: Int) {
        let python = try #require(Self.python)
        let script = "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
            + "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        var variables = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        variables.merge(environment) { $1 }
        let launch = ProcessLaunch(
            executable: python, arguments: ["-c", script, CLIProcess.binary.path] + arguments,
            environment: variables, workingDirectory: FileManager.default.currentDirectoryPath)
        let output = try await Command.run(launch)
        let fields = output.text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else { throw PeakMemoryUnreadable(output: output.text) }
        return (Int32(fields[0]), fields[1])
    }
}

/// The measuring Python printed something other than "status peak".
struct PeakMemoryUnreadable: Error {
    let output: String
}
