import ChildProcesses
import Foundation
import Testing

/// `mobile-ops-server migrate-data` as a user runs it: the real binary, a real SQLite file the
/// server wrote, a real PostgreSQL database.
@Suite("mobile-ops-server migrate-data")
struct MigrateDataCommandTests {
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    @Test("a --to that is not a postgres:// URL is a usage error naming it")
    func notPostgres() async throws {
        let run = try await CLIProcess.run(["migrate-data", "--from", "/tmp/x.sqlite", "--to", "/tmp/y.sqlite"], executable: "mobile-ops-server")
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--to must be a postgres://"), "\(run.stderr)")
    }

    @Test("a file a running server holds is refused naming --from, not the server's --database")
    func runningServer() async throws {
        try await LiveServer.run { server in
            let database = server.directory.appendingPathComponent("mobile-ops.sqlite").path
            // Refused before PostgreSQL is asked, so no database is needed at that URL.
            let run = try await CLIProcess.run(
                ["migrate-data", "--from", database, "--to", "postgres://nobody@127.0.0.1:9/none"], executable: "mobile-ops-server")
            #expect(run.status == 3, "\(run.stderr)")
            #expect(run.stderr.contains("in use by a running MobileOps server") && run.stderr.contains("--from"), "\(run.stderr)")
            #expect(!run.stderr.contains("--database (MOBILE_OPS_DATABASE)"), "\(run.stderr)")
        }
    }

    @Test("the file a server wrote is copied; a second copy into the same database is refused and says why",
          .enabled(if: MigrateDataCommandTests.postgresURL != nil, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)"))
    func copiesAServersFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pipelines"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("db.sqlite").path
        // The server creates the file and its bootstrap admin token; once it says it listens,
        // SIGTERM stops it (a fixed time to start was too short for a debug build under load).
        let served = try await CLIProcess.runUntil(
            stderrHolds: "listening",
            ["--port", "0", "--database", database, "--pipelines", directory.appendingPathComponent("pipelines").path,
             "--admin-token", "migrate-test-admin-token-0123"],
            executable: "mobile-ops-server", directory: directory.path)
        #expect(served.status == 124, "the server stopped by itself: \(served.stderr)")
        #expect(FileManager.default.fileExists(atPath: database), "\(served.stderr)")

        let url = try #require(Self.postgresURL)
        let name = "mobile_ops_cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await Self.psql(url, "CREATE DATABASE \(name)")
        defer { Task { try? await Self.psql(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") } }
        let target = url.replacingOccurrences(of: "/mobile_ops_test", with: "/\(name)")

        let copy = try await CLIProcess.run(["migrate-data", "--from", database, "--to", target, "--log-level", "warning"], executable: "mobile-ops-server")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("api_token: 1"), "\(copy.stdout)")
        #expect(copy.stdout.contains("every count matches the source"), "\(copy.stdout)")
        #expect(copy.stderr.isEmpty, "\(copy.stderr)")

        let again = try await CLIProcess.run(["migrate-data", "--from", database, "--to", target], executable: "mobile-ops-server")
        #expect(again.status == 3)
        #expect(again.stderr.contains("the target database is not empty"), "\(again.stderr)")
    }

    struct PSQLFailure: Error { var message: String }

    /// Runs one statement with the system's psql against the test server's maintenance database.
    private static func psql(_ url: String, _ sql: String) async throws {
        let launch = ProcessLaunch(executable: "/usr/bin/psql", arguments: [url, "-v", "ON_ERROR_STOP=1", "-qc", sql], environment: ["PATH": "/usr/bin:/bin"], workingDirectory: "/")
        let output = try await Command.run(launch)
        guard output.status.code == 0 else { throw PSQLFailure(message: String(decoding: output.standardError, as: UTF8.self)) }
    }
}
