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

    @Test("a pass beside a writer that never pauses leaves the log for the writer's next transaction to rewind")
    func rewindsUnderLoad() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("db.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.backstopPages)") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE blob(id INTEGER PRIMARY KEY, body BLOB NOT NULL)") }
        let connection = try DatabaseQueue(path: path)

        // A log past the length from which a pass asks the writer for help, still well below
        // the writer's own backstop.
        let body = Data(repeating: 0x5A, count: 8_192)
        @Sendable func writeBatch() async throws {
            try await pool.write { db in
                for _ in 0..<16 { try db.execute(sql: "INSERT INTO blob(body) VALUES (?)", arguments: [body]) }
            }
        }
        for _ in 0..<150 { try await writeBatch() }
        #expect(try fileSize(path + "-wal") > WALCheckpointer.rewindPages * 4_096)

        // The writer commits throughout the pass, so the pass's own checkpoint never finds the
        // whole log copied. Only the writer's checkpoint, between two of its transactions,
        // lets its next transaction start the log again from its beginning.
        let passing = PassUnderWay()
        let writesDuringPass = try await withTimeLimit(.seconds(120)) {
            async let writes = {
                var writes = 0
                while await passing.underWay, writes < 5_000 {
                    try await writeBatch()
                    writes += 1
                }
                return writes
            }()
            await WALCheckpointer.pass(connection: connection, writer: pool)
            await passing.end()
            return try await writes
        }
        try await writeBatch()

        let frames = try await pool.writeWithoutTransaction { db in try db.checkpoint(.passive).walFrameCount }
        #expect(frames < WALCheckpointer.rewindPages, "the log holds \(frames) frames after \(writesDuringPass) writes during the pass")
        let rows = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM blob") }
        #expect(rows == (151 + writesDuringPass) * 16)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// Whether the checkpoint pass that a test's writer writes beside has ended.
private actor PassUnderWay {
    private(set) var underWay = true
    func end() { underWay = false }
}
