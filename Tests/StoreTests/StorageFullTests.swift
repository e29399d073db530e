import Core
import Foundation
import GRDB
import TestSupport
import Testing
@testable import Store
@testable import StoreSQLite

/// A full disk as the store reports it: one `StoreError.storageFull`, whatever noticed it,
/// with nothing half-written, and writes working again once there is room.
///
/// SQLite's `max_page_count` makes the database "full" without a small file system: a write
/// that needs a new page fails with `SQLITE_FULL`, as it does when the disk has no space.
/// (The end-to-end test fills a real file system: `DiskFullTests`.)
@Suite("Store on a full disk")
struct StorageFullTests {
    let directory: TemporaryDirectory
    let database: AppDatabase
    let repositoryID: Int64

    init() async throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
        repositoryID = try await database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: DateShift.now, actor: "t", action: "a", subject: "s")
        ).id
    }

    /// A delivery with a 64 KiB body and one build: storing it needs new pages.
    private func write(_ key: String) throws -> DeliveryWrite {
        let body = Array(#"{"key": "\#(key)", "padding": "\#(String(repeating: "x", count: 64 * 1024))"}"#.utf8)
        let delivery = IncomingDelivery(provider: .github, key: key, event: "push", repositoryID: repositoryID, headers: ["x-github-event": "push"], body: body)
        let job = JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["echo build"], requirements: AgentRequirements([:])))
        let draft = BuildDraft(repositoryID: repositoryID, pipeline: "ci", trigger: "push", branch: "main", commitSHA: String(repeating: "b", count: 40), jobs: [job])
        return try DeliveryWrite(delivery: delivery, builds: [draft]) { id, _ in DeliveryAnswer(status: 202, body: "\(key):\(id)") }
    }

    /// Caps the writer's database at `pages` pages (0: at its current size, so it is full).
    private func limitPages(to pages: Int) throws {
        try database.writer.writeWithoutTransaction { db in
            let limit = pages > 0 ? pages : try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(limit)")
        }
    }

    @Test("a full database fails every waiter of the group commit with storageFull, stores none of them, keeps reads, and takes the next batch once there is room")
    func groupCommitOnAFullDatabase() async throws {
        defer { directory.remove() }
        let store = database
        let commits = GroupCommit<DeliveryWrite, DeliveryAnswer>(label: "test") { writes in
            await store.recordDeliveries(writes).map { $0.mapError { $0 } }
        }
        _ = try await commits.submit(try write("before"))
        try limitPages(to: 0)

        let refused = try await withThrowingTaskGroup(of: (any Error)?.self) { group in
            for index in 0..<8 {
                let item = try write("full-\(index)")
                group.addTask {
                    do {
                        _ = try await commits.submit(item)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return try await group.reduce(into: [(any Error)?]()) { $0.append($1) }
        }
        #expect(refused.count == 8)
        for error in refused {
            #expect((error as? StoreError)?.isStorageFull == true, "\(String(describing: error))")
        }
        // Nothing of the refused batch is stored, and what was stored before still reads.
        await #expect(try database.builds(BuildFilter()).count == 1)
        await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "full-0") == nil)
        await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "before") != nil)

        try limitPages(to: 1_073_741_823)
        let answer = try await commits.submit(try write("after"))
        #expect(answer.status == 202)
        await #expect(try database.builds(BuildFilter()).count == 2)
        let check = try await database.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
    }

    @Test("a single write on a full database is storageFull, and its transaction is rolled back")
    func singleWrite() async throws {
        defer { directory.remove() }
        try limitPages(to: 0)
        let results = await database.recordDeliveries([try write("alone")])
        #expect(results.count == 1)
        #expect(results.first.map { if case .failure(let error) = $0 { error.isStorageFull } else { false } } == true)
        await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "alone") == nil)
    }

    @Test("ENOSPC from a real file write (/dev/full) and Foundation's out-of-space errors are storageFull; other errors are not")
    func fileWrites() throws {
        defer { directory.remove() }
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"), "/dev/full is missing")
        defer { try? handle.close() }
        let error = #expect(throws: (any Error).self) { try handle.write(contentsOf: Data(repeating: 1, count: 4096)) }
        #expect(error.map { StoreError($0, writing: "a file", folder: nil).isStorageFull } == true, "\(String(describing: error))")
        #expect(StoreError(POSIXError(.ENOSPC), writing: "a file", folder: nil).isStorageFull)
        #expect(StoreError(CocoaError(.fileWriteOutOfSpace), writing: "a file", folder: nil).isStorageFull)
        #expect(!StoreError(POSIXError(.EACCES), writing: "a file", folder: nil).isStorageFull)
        #expect(!StoreError(CocoaError(.fileWriteNoPermission), writing: "a file", folder: nil).isStorageFull)
        // An I/O error says "full" only where the disk really is nearly full.
        let ioError = DatabaseError(resultCode: .SQLITE_IOERR_WRITE, message: "disk I/O error")
        #expect(!StoreError(ioError, writing: "the database", folder: directory.url.path).isStorageFull)
        #expect(StoreError(DatabaseError(resultCode: .SQLITE_FULL), writing: "the database", folder: nil).isStorageFull)
    }
}
