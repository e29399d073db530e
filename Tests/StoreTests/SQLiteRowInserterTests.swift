import BuildMetrics
import Foundation
import GRDB
import TestSupport
import Testing
@testable import Store
@testable import StoreSQLite

@Suite("Rows bound through SQLite's C API")
struct SQLiteRowInserterTests {
    let directory: TemporaryDirectory
    let database: AppDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
    }

    @Test("a report's tasks are stored value for value: empty, long, non-ASCII and missing values too")
    func tasksRoundTrip() async throws {
        let tasks = [
            TaskRecord(name: ":app:compileKotlin", target: "app", durationSeconds: 12.25, outcome: .executed, cacheKind: .remote),
            TaskRecord(name: "", target: nil, durationSeconds: nil, outcome: .fromCache, cacheKind: .local),
            TaskRecord(name: "quote \" and\nnewline", target: "ünïcödé ✓", durationSeconds: -0.0, outcome: .failed),
            TaskRecord(name: String(repeating: "long", count: 5_000), target: "", durationSeconds: 1e300, outcome: .skipped),
        ]
        let report = BuildReport(dimensions: BuildDimensions(repository: "acme/app"), durationSeconds: 5, outcome: .success, tasks: tasks)
        let stored = try await database.insertBuildReport(report, source: .api, waitedOn: false, now: DateShift.now)

        let rows = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM metricTask WHERE buildID = ? ORDER BY position", arguments: [stored.id])
        }
        #expect(rows.count == tasks.count)
        for (position, (row, task)) in zip(rows, tasks).enumerated() {
            #expect(row["position"] as Int64 == Int64(position))
            #expect(row["name"] as String == task.name)
            #expect(row["target"] as String? == task.target)
            #expect(row["durationSeconds"] as Double? == task.durationSeconds)
            #expect(row["outcome"] as String == task.outcome.rawValue)
            #expect(row["cacheKind"] as String == task.cacheKind.rawValue)
        }
    }

    @Test("a failing row throws SQLite's error, and the statement is ready for the next row")
    func failureIsReported() throws {
        try database.writer.write { db in
            try db.execute(sql: "CREATE TABLE pair (id INTEGER PRIMARY KEY, label TEXT NOT NULL)")
            let rows = try SQLiteRowInserter(db, sql: "INSERT INTO pair (id, label) VALUES (?, ?)")
            try rows.insert { $0.add(Int64(1)); $0.add("one") }
            #expect {
                try rows.insert { $0.add(Int64(1)); $0.add("again") }
            } throws: { error in
                (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
            }
            #expect {
                try rows.insert { $0.add(Int64(2)); $0.add(nil as String?) }
            } throws: { error in
                (error as? DatabaseError)?.message?.contains("NOT NULL") == true
            }
            try rows.insert { $0.add(Int64(3)); $0.add("three") }
            #expect(try String.fetchAll(db, sql: "SELECT label FROM pair ORDER BY id") == ["one", "three"])
        }
    }
}
