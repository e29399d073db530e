import Foundation
import Testing

@Suite("The mobile-ops-server process")
struct ServerProcessTests {
    /// Starts the real server binary on port 0 with a temp database and returns it with its port.
    private func start(in directory: URL, environment: [String: String] = [:]) async throws -> (Process, Pipe, Pipe, Int) {
        let process = Process()
        process.executableURL = Self.serverBinary
        process.arguments = ["--port", "0", "--database", directory.appendingPathComponent("data/db.sqlite").path]
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()

        // The "listening" log line carries the port the OS picked.
        var log = ""
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            log += String(decoding: stderr.fileHandleForReading.availableData, as: UTF8.self)
            if let range = log.range(of: #"port=(\d+)"#, options: .regularExpression),
               let port = Int(log[range].dropFirst("port=".count)) {
                return (process, stdout, stderr, port)
            }
            if !process.isRunning { break }
        }
        process.terminate()
        throw ProcessFailure(log: log)
    }

    struct ProcessFailure: Error { var log: String }

    private static var serverBinary: URL {
        CLIProcess.binary.deletingLastPathComponent().appendingPathComponent("mobile-ops-server")
    }

    /// Runs the server binary to its exit (it must exit by itself) and returns status, stdout and stderr.
    private func runToExit(_ arguments: [String], in directory: URL) async throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Self.serverBinary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin"]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        // Bounded: a server that should have refused to start but serves instead is stopped.
        let watchdog = Task.detached {
            try await Task.sleep(for: .seconds(60))
            if process.isRunning { process.terminate() }
        }
        defer { watchdog.cancel() }
        // Read both pipes while it runs, off the cooperative pool, so neither can fill and stall it.
        async let out = Task.detached { stdout.fileHandleForReading.readDataToEndOfFile() }.value
        async let err = Task.detached { stderr.fileHandleForReading.readDataToEndOfFile() }.value
        let (outData, errData) = await (out, err)
        for await _ in exited.stream {}
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    private static func token(in text: String) -> String? {
        text.range(of: #"mo_[0-9a-f]+_[0-9a-f]+"#, options: .regularExpression).map { String(text[$0]) }
    }

    @Test("a taken port fails naming the address and --port, prints no token, and the next start still prints one")
    func takenPortPrintsNoToken() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-proc-\(UUID().uuidString)")
        let other = directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // A first server holds a port; a second, on its own database, asks for the same one.
        let (holder, _, _, port) = try await start(in: other)
        defer { holder.terminate(); holder.waitUntilExit() }
        let database = directory.appendingPathComponent("data/db.sqlite").path
        let failed = try await runToExit(["--port", "\(port)", "--database", database], in: directory)
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("127.0.0.1:\(port)"))
        #expect(failed.stderr.contains("--port") && failed.stderr.contains("MOBILE_OPS_PORT"))
        #expect(Self.token(in: failed.stdout) == nil, "a token printed by a start that failed")

        // The failed start left no admin token behind: this start generates and prints one.
        let (again, againOut, _, _) = try await start(in: directory)
        again.terminate()
        again.waitUntilExit()
        let printed = String(decoding: againOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(Self.token(in: printed) != nil)
    }

    @Test("a second server on the same database is refused at start, naming the file")
    func secondServerRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let (first, _, _, _) = try await start(in: directory)
        defer { first.terminate(); first.waitUntilExit() }
        let database = directory.appendingPathComponent("data/db.sqlite").path
        let second = try await runToExit(["--port", "0", "--database", database], in: directory)
        #expect(second.status != 0)
        #expect(second.stderr.contains("in use by another MobileOps server"), "\(second.stderr)")
        #expect(second.stderr.contains(database))
    }

    @Test("reset-admin-token prints a new admin token that works, and the lost bootstrap token stops working")
    func resetAdminToken() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let (first, firstOut, _, _) = try await start(in: directory)
        first.terminate()
        first.waitUntilExit()
        let lost = try #require(Self.token(in: String(decoding: firstOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)))

        let database = directory.appendingPathComponent("data/db.sqlite").path
        let reset = try await runToExit(["reset-admin-token", "--database", database], in: directory)
        #expect(reset.status == 0, "\(reset.stderr)")
        let token = try #require(Self.token(in: reset.stdout))

        let (server, _, _, port) = try await start(in: directory)
        defer { server.terminate(); server.waitUntilExit() }
        let url = "http://127.0.0.1:\(port)"
        let list = try await CLIProcess.run(["tokens", "list", "--server", url, "--token", token])
        #expect(list.status == 0)
        let old = try await CLIProcess.run(["tokens", "list", "--server", url, "--token", lost])
        #expect(old.status != 0)
    }

    @Test("starts on a new database, prints a generated admin token once, and stops cleanly on SIGTERM")
    func generatesTokenAndStopsOnSigterm() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let (server, stdout, stderr, port) = try await start(in: directory)
        let status = try await CLIProcess.run(["status", "--server", "http://127.0.0.1:\(port)"])
        #expect(status.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/db.sqlite").path))

        server.terminate() // SIGTERM
        server.waitUntilExit()
        #expect(server.terminationReason == .exit)
        #expect(server.terminationStatus == 0)
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("shutdown requested"), "the signal is logged when it arrives")
        let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let token = try #require(printed.range(of: #"mo_[0-9a-f]+_[0-9a-f]+"#, options: .regularExpression).map { String(printed[$0]) })

        // Second start on the same database: no new token, and the first one still works.
        let (again, againOut, _, againPort) = try await start(in: directory)
        let list = try await CLIProcess.run(["tokens", "list", "--server", "http://127.0.0.1:\(againPort)", "--token", token])
        #expect(list.status == 0)
        again.interrupt() // SIGINT
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        let secondPrint = String(decoding: againOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!secondPrint.contains("mo_"))
    }

    @Test("an idle server has not loaded libcurl; the CLI, which loads it for its request, still talks to it")
    func idleServerHasNotLoadedCurl() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let (server, _, _, port) = try await start(in: directory)
        defer { server.terminate(); server.waitUntilExit() }
        // Requests in: the CLI's status call (which itself talks through libcurl, loaded on demand).
        let status = try await CLIProcess.run(["status", "--server", "http://127.0.0.1:\(port)"])
        #expect(status.status == 0)
        // Read to the end: procfs files report size 0, which makes size-based reads stop early.
        let mapsFile = try #require(FileHandle(forReadingAtPath: "/proc/\(server.processIdentifier)/maps"))
        let maps = String(decoding: mapsFile.readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("libsqlite3"), "the maps file lists the process's libraries")
        #expect(!maps.contains("libcurl"), "nothing the idle server did needed libcurl")
    }

    @Test("a bad configuration value stops start-up with a message naming it")
    func badConfiguration() async throws {
        let result = try await CLIProcess.run(["--port", "eighty"], executable: "mobile-ops-server")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--port"))
        let env = try await CLIProcess.run([], environment: ["MOBILE_OPS_LOG_LEVEL": "loud"], executable: "mobile-ops-server")
        #expect(env.status != 0)
        #expect(env.stderr.contains("MOBILE_OPS_LOG_LEVEL"))
    }
}
