import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Scheduling
import Store
import Testing
@testable import Server

@Suite("Start-up: configuration, admin bootstrap, graph validation")
struct StartupTests {
    // MARK: Configuration

    @Test("flags beat environment, environment beats defaults")
    func configurationPrecedence() throws {
        var flags = ServerConfiguration.Flags()
        flags.port = "9000"
        let environment = ["MOBILE_OPS_PORT": "9100", "MOBILE_OPS_HOST": "0.0.0.0", "MOBILE_OPS_LOG_LEVEL": "DEBUG", "MOBILE_OPS_MAX_BODY_BYTES": "2048"]
        let configuration = try ServerConfiguration.resolve(flags: flags, environment: environment)
        #expect(configuration.port == 9000)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.logLevel == .debug)
        #expect(configuration.maxBodySize == 2048)
        #expect(configuration.databasePath == ".mobile-ops/mobile-ops.sqlite")
        #expect(configuration.pipelinesPath == "pipelines/")
        #expect(configuration.adminToken == nil)

        let defaults = try ServerConfiguration.resolve(flags: .init(), environment: [:])
        #expect(defaults == ServerConfiguration())
        #expect(defaults.port == 8080 && defaults.host == "127.0.0.1" && defaults.maxBodySize == 5 * 1024 * 1024)
    }

    @Test("bad values name their source", arguments: [
        ("MOBILE_OPS_PORT", "eighty", "MOBILE_OPS_PORT must be a port number"),
        ("MOBILE_OPS_PORT", "70000", "MOBILE_OPS_PORT must be a port number"),
        ("MOBILE_OPS_LOG_LEVEL", "loud", "MOBILE_OPS_LOG_LEVEL must be one of"),
        ("MOBILE_OPS_DATABASE", "postgres://db/mobile", "no user name before the host"),
        ("MOBILE_OPS_DATABASE", "postgres://ci@db/mobile?sslmode=allow", "sslmode"),
        ("MOBILE_OPS_MAX_BODY_BYTES", "10", "at least 1024"),
    ])
    func badConfiguration(variable: String, value: String, expected: String) {
        #expect {
            try ServerConfiguration.resolve(flags: .init(), environment: [variable: value])
        } throws: { error in
            (error as? ConfigurationError)?.message.contains(expected) == true
        }
    }

    @Test("a postgres:// database selects PostgreSQL and keeps the file's folder for artifacts; a path selects SQLite")
    func databaseLocation() throws {
        var flags = ServerConfiguration.Flags()
        flags.database = "postgres://ci:secret@db.internal:5433/mobile_ops?sslmode=require&pool=12"
        let postgres = try ServerConfiguration.resolve(flags: flags, environment: ["MOBILE_OPS_DATABASE": "/var/lib/ignored.sqlite"])
        let location = try #require(postgres.postgres)
        #expect(location.host == "db.internal" && location.port == 5433 && location.database == "mobile_ops" && location.poolSize == 12)
        #expect(postgres.databasePath == ".mobile-ops/mobile-ops.sqlite")
        #expect(postgres.database.description.contains("secret") == false)
        let sqlite = try ServerConfiguration.resolve(flags: .init(), environment: ["MOBILE_OPS_DATABASE": "/var/lib/mobile-ops/db.sqlite"])
        #expect(sqlite.postgres == nil)
        #expect(sqlite.database == .sqlite(path: "/var/lib/mobile-ops/db.sqlite"))
    }

    @Test("a PostgreSQL server that does not answer stops start-up with a message that says so, before listening")
    func unreachablePostgres() async throws {
        // Nothing listens on port 1 of the loopback: the connection is refused at once.
        let url = "postgres://ci@127.0.0.1:1/mobile_ops?sslmode=disable"
        await #expect {
            _ = try await TestServer.make(configure: { $0.postgres = try? PostgresLocation(url: url) })
        } throws: { error in
            "\(error)".contains("cannot reach PostgreSQL at \(url)")
        }
    }

    // MARK: Admin bootstrap

    @Test("without a configured token, the first start generates one admin token and later starts do not")
    func generatesAdminTokenOnce() async throws {
        let first = try await TestServer.make(adminToken: nil)
        let generated = try #require(try await first.server.generateAdminTokenIfNeeded())
        let second = try await TestServer.make(adminToken: nil, in: first.directory)
        #expect(try await second.server.generateAdminTokenIfNeeded() == nil)
        try await second.test { client in
            let response = try await client.send(.get, "/api/v1/tokens", token: generated)
            #expect(response.status == .ok)
        }
    }

    @Test("a changed configured admin token replaces the old one")
    func configuredTokenRotation() async throws {
        let first = try await TestServer.make(adminToken: "first-admin-token-value")
        #expect(try await first.server.generateAdminTokenIfNeeded() == nil)
        let second = try await TestServer.make(adminToken: "second-admin-token-value", in: first.directory)
        try await second.test { client in
            let second = try await client.send(.get, "/api/v1/tokens", token: "second-admin-token-value")
            let first = try await client.send(.get, "/api/v1/tokens", token: "first-admin-token-value")
            #expect(second.status == .ok)
            #expect(first.status == .unauthorized)
        }
    }

    // MARK: Failures

    @Test("an invalid service graph stops start-up with the container's report")
    func invalidGraph() async throws {
        struct Unregistered: Sendable {}
        await #expect {
            _ = try await TestServer.make(customize: { builder in
                builder.override(RepositoryService.self, .singleton) { (_: Unregistered) in
                    RepositoryService(store: NeverStore(), clock: SystemClock())
                }
            })
        } throws: { error in
            let message = (error as? StartupError)?.message ?? ""
            return message.contains("the service graph is invalid") && message.contains("Unregistered") && message.contains("not registered")
        }
    }

    @Test("a database file that is not a database stops start-up and is left as it was")
    func badDatabaseFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db/mobile-ops.sqlite")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let original = Data(String(repeating: "plain text, not SQLite. ", count: 100).utf8)
        try original.write(to: file)

        await #expect {
            _ = try await TestServer.make(in: directory)
        } throws: { error in
            let message = (error as? StartupError)?.message ?? ""
            return message.contains("a service failed to start") && message.contains("not an SQLite database")
        }
        #expect(try Data(contentsOf: file) == original)
    }
}
