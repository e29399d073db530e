import Core
import Foundation
import GRDB
@testable import Store
@testable import StoreSQLite
import TestSupport
import Testing

/// The store binds and reads dates through `StoredDate` instead of GRDB's ICU-backed `Date`
/// conversions; the text in the database and the dates read back must not change.
@Suite("Stored dates")
struct StoredDateTests {
    @Test("a bound date is the text GRDB's own Date conversion writes")
    func bindsGRDBText() {
        var state: UInt64 = 42
        for _ in 0..<1_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let date = Date(timeIntervalSince1970: Double(state >> 11) / Double(1 << 53) * 4_000_000_000)
            #expect(StoredDate(date).databaseValue == date.databaseValue, "\(date.timeIntervalSince1970)")
        }
    }

    @Test("every layout GRDB reads gives GRDB's date", arguments: [
        "2026-11-22", "2026-11-22 09:15", "2026-11-22 09:15:07", "2026-11-22 09:15:07.5", "2026-11-22 09:15:07.123",
        "2026-11-22T09:15:07.123", "2026-11-22 09:15:07Z", "2026-11-22 09:15:07+02:00", "2026-11-22 09:15:07.250-05:30",
        "2024-02-29 23:59:59.999", "1969-12-31 23:59:59",
    ])
    func readsGRDBLayouts(text: String) throws {
        let expected = try #require(Date.fromDatabaseValue(text.databaseValue))
        let read = try #require(StoredDate.fromDatabaseValue(text.databaseValue))
        #expect(abs(read.date.timeIntervalSince(expected)) < 1e-6, "\(text)")
    }

    @Test("numbers are seconds since 1970; times without a day, blobs and NULL are not dates")
    func readsNumbersAndRejectsTheRest() {
        #expect(StoredDate.fromDatabaseValue(1_795_000_000.databaseValue)?.date == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(StoredDate.fromDatabaseValue(12.5.databaseValue)?.date == Date(timeIntervalSince1970: 12.5))
        #expect(StoredDate.fromDatabaseValue("09:15:07".databaseValue) == nil)
        #expect(StoredDate.fromDatabaseValue("yesterday".databaseValue) == nil)
        #expect(StoredDate.fromDatabaseValue(Data([1, 2]).databaseValue) == nil)
        #expect(StoredDate.fromDatabaseValue(.null) == nil)
    }

    @Test("records write and read their dates through StoredDate, whatever GRDB would do")
    func recordsRoundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try AppDatabase.open(path: directory.path("db.sqlite"))
        let created = Date(timeIntervalSince1970: 1_795_000_000.4567)
        let record = APITokenRecord(
            id: "t1", name: "n", scopes: "read", secretHash: "h", isBootstrap: false, createdAt: created, revokedAt: nil)
        try database.writer.write { db in try record.insert(db) }
        let (text, read) = try database.writer.read { db in
            (try String.fetchOne(db, sql: "SELECT createdAt FROM apiToken"), try APITokenRecord.fetchOne(db))
        }
        #expect(text == "2026-11-18 11:06:40.457")
        #expect(read?.createdAt == Date.fromDatabaseValue("2026-11-18 11:06:40.457".databaseValue))
        #expect(read?.revokedAt == nil)
    }
}
