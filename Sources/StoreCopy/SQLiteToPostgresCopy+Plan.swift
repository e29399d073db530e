import Foundation
import GRDB
import Logging
import PostgresNIO
import Store
import StorePostgres
import StoreSQLite

/// Which SQLite table and columns go to which PostgreSQL ones, worked out from both schemas.
///
/// Names match when they are equal once underscores are dropped and case ignored
/// (`commitSHA` and `commit_sha`, `jobUITestReport` and `job_ui_test_report`). A table or
/// column on either side with no counterpart stops the copy before anything is written: data
/// the copy does not understand is never dropped silently.
struct CopyPlan {
    /// The tables in the order the copy fills them (each after the tables it refers to).
    var tables: [TableCopy]

    /// PostgreSQL tables in foreign-key order. `runnable_job` is derived from `job` after the
    /// copy; `mobile_ops_migration` is the target's own.
    static let order = [
        "repository", "api_token", "audit_event", "agent_registration_token", "agent", "webhook_delivery",
        "build", "job", "job_log", "outbox", "schedule_cursor", "artifact", "notable_event",
        "job_ui_test_report", "ui_suite_duration",
        "metric_build", "metric_step", "metric_task", "metric_test_summary", "metric_daily", "metric_daily_series",
        "metric_series", "metric_regression", "metric_test", "metric_test_run", "metric_test_case",
        "train", "train_cursor", "train_release", "train_release_event", "finding", "build_merge_base", "device", "cache_counter", "cache_entry",
        "cache_build_counter", "cache_credential_key", "cache_daily_counter", "secret", "device_run", "device_health", "muted_test",
    ]
    /// Target tables the copy does not fill from a source table.
    static let targetOnly: Set<String> = ["runnable_job", "mobile_ops_migration"]
    /// Source tables that are SQLite's or GRDB's own bookkeeping.
    static let sourceOnly: Set<String> = ["grdb_migrations", "sqlite_sequence"]

    /// `name` as names are compared: no underscores, lower case.
    static func key(_ name: String) -> String {
        name.replacingOccurrences(of: "_", with: "").lowercased()
    }

    /// Reads both schemas and pairs them up.
    static func make(sqlite: any DatabaseWriter, connection: PostgresConnection, logger: Logger) async throws -> CopyPlan {
        let sourceTables = try await sqlite.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").filter { !sourceOnly.contains($0) }
        }
        let targetTables = try await connection.values(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
            as: String.self, logger: logger
        ).filter { !targetOnly.contains($0) }
        let unknownTarget = Set(targetTables).subtracting(order)
        guard unknownTarget.isEmpty else {
            throw StoreError.database("the copy does not know the PostgreSQL tables \(unknownTarget.sorted()); use the migrate-data of the server that made them")
        }
        var sourceByKey: [String: String] = [:]
        for table in sourceTables { sourceByKey[key(table)] = table }
        let unmatched = Set(sourceByKey.keys).subtracting(order.map(key))
        guard unmatched.isEmpty else {
            let names = unmatched.compactMap { sourceByKey[$0] }.sorted()
            throw StoreError.database("the SQLite tables \(names) have no PostgreSQL counterpart; nothing was copied")
        }
        var tables: [TableCopy] = []
        for target in order {
            guard let source = sourceByKey[key(target)] else {
                throw StoreError.database("the SQLite file has no table for \(target); is it a MobileOps database of this version?")
            }
            tables.append(try await TableCopy.make(source: source, target: target, sqlite: sqlite, connection: connection, logger: logger))
        }
        return CopyPlan(tables: tables)
    }
}
