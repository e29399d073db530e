import Core
import Foundation
import GRDB
import TestSupport
import Testing
@testable import Store
@testable import StoreSQLite

@Suite("WAL checkpoints off the writer")
struct WALCheckpointerTests {
    @Test("pages written through the pool reach the database file without the writer checkpointing")
    func backgroundCheckpoint() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("db.sqlite")
        let database = try AppDatabase.open(path: path)
        // The writer's own threshold is far above what this test writes.
        let threshold = try await database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") }
        #expect(threshold == WALCheckpointer.backstopPages)

        let before = try fileSize(path)
        let audit = AuditEvent(occurredAt: DateShift.now, actor: "t", action: "repository.create", subject: "repository")
        for index in 0..<200 {
            _ = try await database.createRepository(
                name: "acme/app-\(index)", provider: .github, cloneURL: "https://example.com/\(index).git", defaultBranch: "main",
                webhookSecret: String(repeating: "s", count: 64), audit: audit
            )
        }
        // Only a checkpoint copies pages from the log into the file, and only the background
        // connection checkpoints at this size; it runs every 200 ms.
        var grown = false
        for _ in 0..<50 where !grown {
            try await Task.sleep(for: .milliseconds(100))
            grown = try fileSize(path) > before
        }
        #expect(grown, "the database file did not grow within 5 s")
        await #expect(try database.repositories().count == 200)
    }

    @Test("a writer that never pauses still gets its log rewound, below the backstop")
    func rewindsUnderLoad() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("db.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.backstopPages)") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE blob(id INTEGER PRIMARY KEY, body BLOB NOT NULL)") }
        let checkpointer = try WALCheckpointer(path: path, writer: pool, interval: .milliseconds(20))

        // 60 MB in transactions of 16 × 8 KB, back to back: the writer never waits, so a
        // checkpoint beside it never finds the log fully copied. Without the writer's help
        // the log would grow to the backstop (about 40 MB) and rewind only there.
        let body = Data(repeating: 0x5A, count: 8_192)
        var largest = 0
        for _ in 0..<480 {
            try await pool.write { db in
                for _ in 0..<16 { try db.execute(sql: "INSERT INTO blob(body) VALUES (?)", arguments: [body]) }
            }
            largest = max(largest, try fileSize(path + "-wal"))
        }
        withExtendedLifetime(checkpointer) {}
        #expect(largest < 30_000_000, "the log reached \(largest) bytes")
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM blob") } == 480 * 16)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
