import Core
import Foundation
import Logging
import PostgresNIO
import PostgresSupport
import TestSupport
import Testing
@testable import Store
@testable import StorePostgres

/// Opening a PostgreSQL database: the migrations, and what is refused and left untouched.
@Suite("PostgreSQL migrations", .enabled(if: StoreBackend.postgresURL != nil, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)"))
struct PostgresMigrationTests {
    @Test("an empty database is migrated once; opening it again applies nothing and keeps the data")
    func reopen() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let first = try await PostgresAppDatabase.open(url: scratch.url)
        let token = try await first.createToken(id: "t1", name: "ci", scopes: [.read], secretHash: "h", audit: .init(occurredAt: DateShift.now, actor: "a", action: "x", subject: "s"))
        await first.close()
        let second = try await PostgresAppDatabase.open(url: scratch.url)
        #expect(try await second.tokens() == [token])
        let applied = try await second.read { connection in
            try await connection.values("SELECT name FROM mobile_ops_migration ORDER BY name", as: String.self, logger: second.logger)
        }
        #expect(applied == PostgresSchema.migrations.map(\.name))
        await second.close()
        try await scratch.drop()
    }

    @Test("the URL's statement_timeout and the UTC time zone hold on every pooled connection")
    func sessionSettings() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let database = try await PostgresAppDatabase.open(url: scratch.url + "&statement_timeout=5")
        let settings = try await database.read { connection in
            [try await connection.value("SHOW statement_timeout", as: String.self, logger: database.logger),
             try await connection.value("SHOW TimeZone", as: String.self, logger: database.logger)]
        }
        #expect(settings == ["5s", "UTC"])
        await #expect(throws: StoreError.self) {
            try await database.read { connection in try await connection.run("SELECT pg_sleep(6)", logger: database.logger) }
        }
        await database.close()
        try await scratch.drop()
    }

    @Test("servers starting at once against one empty database all open it; one migrates")
    func concurrentStart() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let database = try await PostgresAppDatabase.open(url: scratch.url)
                    await database.close()
                }
            }
            try await group.waitForAll()
        }
        try await scratch.drop()
    }

    @Test("a database another program filled is refused and left as it was")
    func foreign() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        try await Self.execute("CREATE TABLE invoices (id int)", in: scratch)
        await #expect(throws: StoreError.self) { try await PostgresAppDatabase.open(url: scratch.url) }
        do {
            _ = try await PostgresAppDatabase.open(url: scratch.url)
        } catch let error as StoreError {
            guard case .foreignDatabase = error else { Issue.record("expected foreignDatabase, got \(error)"); return }
            #expect(error.description.contains("did not create"))
        }
        #expect(try await Self.tables(in: scratch) == ["invoices"])
        try await scratch.drop()
    }

    @Test("a database a newer MobileOps migrated is refused, naming the unknown migration")
    func newer() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let database = try await PostgresAppDatabase.open(url: scratch.url)
        await database.close()
        try await Self.execute("INSERT INTO mobile_ops_migration (name) VALUES ('9999-from-the-future')", in: scratch)
        await #expect(throws: StoreError.newerSchema(path: try PostgresLocation(url: scratch.url).redacted, unknownMigrations: ["9999-from-the-future"])) {
            try await PostgresAppDatabase.open(url: scratch.url)
        }
        try await scratch.drop()
    }

    @Test("a server nobody listens on is unreachable, and the message says where and what to check")
    func unreachable() async throws {
        let port = try Self.closedPort()
        do {
            _ = try await PostgresAppDatabase.open(url: "postgres://mobile@127.0.0.1:\(port)/ops?sslmode=disable")
            Issue.record("opened a database nobody serves")
        } catch let error as StoreError {
            guard case .unreachable = error else { Issue.record("expected unreachable, got \(error)"); return }
            #expect(error.description.contains("127.0.0.1:\(port)/ops"))
            #expect(error.description.contains("MOBILE_OPS_DATABASE"))
        }
    }

    // MARK: Helpers

    private static func execute(_ sql: String, in scratch: PostgresScratchDatabase) async throws {
        let logger = Logger(label: "test")
        let location = try PostgresLocation(url: scratch.url)
        let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 1, logger: logger)
        try await connection.run(PostgresQuery(unsafeSQL: sql), logger: logger)
        try await connection.close()
    }

    private static func tables(in scratch: PostgresScratchDatabase) async throws -> [String] {
        let logger = Logger(label: "test")
        let location = try PostgresLocation(url: scratch.url)
        let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 1, logger: logger)
        let names = try await connection.values(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1", as: String.self, logger: logger)
        try await connection.close()
        return names
    }

    /// A loopback port nothing listens on: bound, read, and closed again.
    private static func closedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                guard bind(socket, raw, length) == 0, getsockname(socket, raw, &length) == 0 else { throw StoreError.database("no free port") }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
