import ChildProcesses
import Foundation
import Testing
import TestSupport

@Suite("The mobile-ops-server process")
struct ServerProcessTests {
    /// A server started by ``start(in:environment:)``: its process, where its output goes, its port.
    struct StartedServer {
        let process: ProcessGroup
        let outputPath: String
        let errorPath: String
        let port: Int

        /// What it printed on standard output so far (the admin token, on a first start).
        var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
        /// Its log so far.
        var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

        /// SIGTERM.
        func terminate() { process.signal(SIGTERM) }
        /// SIGINT.
        func interrupt() { process.signal(SIGINT) }
        /// Waits (suspended, holding no thread) until it has exited, and answers how.
        @discardableResult
        func exited() async -> ChildProcesses.ExitStatus { await process.wait() }
    }

    /// Starts the real server binary on port 0 with a temp database and returns it with its port.
    private func start(in directory: URL, environment: [String: String] = [:]) async throws -> StartedServer {
        let launch = ProcessLaunch(
            executable: Self.serverBinary.path,
            arguments: ["--port", "0", "--database", directory.appendingPathComponent("data/db.sqlite").path],
            environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }, workingDirectory: directory.path
        )
        let name = UUID().uuidString
        let outputPath = directory.appendingPathComponent("server-\(name).out").path
        let errorPath = directory.appendingPathComponent("server-\(name).err").path
        let process = try ProcessGroup.spawn(launch, outputPath: outputPath, errorPath: errorPath)

        // The "listening" log line carries the port the OS picked.
        var log = ""
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            log = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            if let range = log.range(of: #"port=(\d+)"#, options: .regularExpression),
               let port = Int(log[range].dropFirst("port=".count)) {
                return StartedServer(process: process, outputPath: outputPath, errorPath: errorPath, port: port)
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.signal(SIGKILL)
        throw ProcessFailure(log: log)
    }

    struct ProcessFailure: Error { var log: String }

    private static var serverBinary: URL {
        CLIProcess.binary.deletingLastPathComponent().appendingPathComponent("mobile-ops-server")
    }

    /// Runs the server binary to its exit (it must exit by itself) and returns status, stdout and stderr.
    private func runToExit(_ arguments: [String], in directory: URL) async throws -> (status: Int32, stdout: String, stderr: String) {
        // Bounded: a server that should have refused to start but serves instead is stopped
        // after 60 s by coreutils' `timeout`.
        let launch = ProcessLaunch(
            executable: "/usr/bin/timeout", arguments: ["60", Self.serverBinary.path] + arguments,
            environment: ["PATH": "/usr/bin:/bin"], workingDirectory: directory.path
        )
        let output = try await Command.run(launch)
        return (output.status.code, output.text, String(decoding: output.standardError, as: UTF8.self))
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
        let holder = try await start(in: other)
        let port = holder.port
        defer { holder.terminate() }
        let database = directory.appendingPathComponent("data/db.sqlite").path
        let failed = try await runToExit(["--port", "\(port)", "--database", database], in: directory)
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("127.0.0.1:\(port)"))
        #expect(failed.stderr.contains("--port") && failed.stderr.contains("MOBILE_OPS_PORT"))
        #expect(Self.token(in: failed.stdout) == nil, "a token printed by a start that failed")

        // The failed start left no admin token behind: this start generates and prints one.
        let again = try await start(in: directory)
        again.terminate()
        await again.exited()
        let printed = again.stdout
        #expect(Self.token(in: printed) != nil)
    }

    @Test("a second server on the same database is refused at start, naming the file")
    func secondServerRefused() async throws {
        let directory = try TemporaryDirectory.create("proc")
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await start(in: directory)
        defer { first.terminate() }
        let database = directory.appendingPathComponent("data/db.sqlite").path
        let second = try await runToExit(["--port", "0", "--database", database], in: directory)
        #expect(second.status != 0)
        #expect(second.stderr.contains("in use by another MobileOps server"), "\(second.stderr)")
        #expect(second.stderr.contains(database))
    }

    @Test("reset-admin-token prints a new admin token that works, and the lost bootstrap token stops working")
    func resetAdminToken() async throws {
        let directory = try TemporaryDirectory.create("proc")
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await start(in: directory)
        first.terminate()
        await first.exited()
        let lost = try #require(Self.token(in: first.stdout))

        let database = directory.appendingPathComponent("data/db.sqlite").path
        let reset = try await runToExit(["reset-admin-token", "--database", database], in: directory)
        #expect(reset.status == 0, "\(reset.stderr)")
        // The folder has no pipelines/: the reset reads none, so it has nothing to warn about.
        #expect(!reset.stderr.contains("pipelines"), "\(reset.stderr)")
        let token = try #require(Self.token(in: reset.stdout))

        let server = try await start(in: directory)
        let port = server.port
        defer { server.terminate() }
        let url = "http://127.0.0.1:\(port)"
        let list = try await CLIProcess.run(["tokens", "list", "--server", url, "--token", token])
        #expect(list.status == 0)
        let old = try await CLIProcess.run(["tokens", "list", "--server", url, "--token", lost])
        #expect(old.status != 0)
    }

    @Test("starts on a new database, prints a generated admin token once, and stops cleanly on SIGTERM")
    func generatesTokenAndStopsOnSigterm() async throws {
        let directory = try TemporaryDirectory.create("proc")
        defer { try? FileManager.default.removeItem(at: directory) }

        let server = try await start(in: directory)
        let port = server.port
        let status = try await CLIProcess.run(["status", "--server", "http://127.0.0.1:\(port)"])
        #expect(status.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/db.sqlite").path))

        server.terminate() // SIGTERM
        #expect(await server.exited() == .exited(0))
        let log = server.stderr
        #expect(log.contains("shutdown requested"), "the signal is logged when it arrives")
        let printed = server.stdout
        let token = try #require(printed.range(of: #"mo_[0-9a-f]+_[0-9a-f]+"#, options: .regularExpression).map { String(printed[$0]) })

        // Second start on the same database: no new token, and the first one still works.
        let again = try await start(in: directory)
        let againPort = again.port
        let list = try await CLIProcess.run(["tokens", "list", "--server", "http://127.0.0.1:\(againPort)", "--token", token])
        #expect(list.status == 0)
        again.interrupt() // SIGINT
        #expect(await again.exited() == .exited(0))
        let secondPrint = again.stdout
        #expect(!secondPrint.contains("mo_"))
    }

    @Test("an idle server has not loaded libcurl; the CLI, which loads it for its request, still talks to it")
    func idleServerHasNotLoadedCurl() async throws {
        let directory = try TemporaryDirectory.create("proc")
        defer { try? FileManager.default.removeItem(at: directory) }

        let server = try await start(in: directory)
        let port = server.port
        defer { server.terminate() }
        // Requests in: the CLI's status call (which itself talks through libcurl, loaded on demand).
        let status = try await CLIProcess.run(["status", "--server", "http://127.0.0.1:\(port)"])
        #expect(status.status == 0)
        // Read to the end: procfs files report size 0, which makes size-based reads stop early.
        let mapsFile = try #require(FileHandle(forReadingAtPath: "/proc/\(server.process.pid)/maps"))
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
