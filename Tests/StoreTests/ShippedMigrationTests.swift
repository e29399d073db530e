import Crypto
import Foundation
import GRDB
import Synchronization
import Testing
@testable import StorePostgres
@testable import StoreSQLite

/// A shipped migration is never edited: databases in the field have already run it, so a
/// change reaches only new databases and the two silently differ. Each backend's migrations
/// are pinned here, by the identifier its database records and a SHA-256 of what it runs.
///
/// A new migration is appended to its backend's list and its line appended here. A test that
/// fails on an existing line means a shipped migration changed: put the change in a new
/// migration instead. (A GRDB upgrade that writes its schema DSL as different SQL fails here
/// too; then check the new SQL means the same before re-pinning.)
@Suite("Shipped migrations are never edited")
struct ShippedMigrationTests {
    /// GRDB's identifiers (`grdb_migrations`), in order, with the SHA-256 of the SQL each one
    /// runs (see ``sqliteFingerprints()``).
    static let sqlite: [(identifier: String, sha256: String)] = [
        ("v1-foundation", "ced2b4d0e27ffcf53a816fe8d172ae24f87545c148124b49b90520ba2e01ee58"),
        ("v2-ci-loop", "2ddb520d6d1a747e4b6aef973dbcf9b14cdf3bf1a7fe240f924cc8b2f7d37e49"),
        ("v3-schedules", "c997a306c61ae8d8cd87e983659c49de79227e0c7a830d78e42b8f27da3b1a8e"),
        ("v4-artifacts", "631933a463b99acf5385e80005221af926a49895e82a771c59db91ceb1e7aa30"),
        ("v5-notable-events", "dc055f9e96bb37b2e50ba6d649ebb7761505388a354ae40296dae49424ee5b7d"),
        ("v6-build-metrics", "77d6804fa6af445867d44435213a89792494f5244c816390c9e7bf5901e3d966"),
        ("v8-operations", "7957b0713d692c8804e8e586c63056316bf9e1ad75519ea364210be1c23140af"),
        ("v9-ui-tests", "fbad8058bbbdc867dcde438878743c3947f7739e5d222e304e83aa4b4b949958"),
        ("v7-release-train", "0786941817cb2ec8615c5bc354348da5623af4e86bbd907e9608cfbc2638672a"),
        ("v10-runnable-jobs", "c3e2bc82183ae84efa6bf67e97913b24d2101a052df3692d3da0f6d791d77be5"),
        ("v11-delivery-key-per-repository", "91023fb1e74717c6f9f815d02ebac345d1d184e0b22fdc3463915bfb6db801b4"),
        ("v12-build-metrics-per-build", "6c17046d97afe5ceb2a7f65641a7468c586fc463af718f336fda8b82952adf4b"),
        ("v12-test-history", "baff1024dd2e8c80bceb673e6673e504ede2b778a38fe5e6389c17d7b356fa81"),
        ("v13-findings", "36b7263fddbc150179d3c1ea3620f655f5544a9bbd58f78ff2cbc826579accbe"),
        ("v14-finding-suppression", "2071adb5440e43772cba8d00e3c0015774f636eb3db4acddf329fe81284c0a7d"),
        ("v15-merge-base", "3b3318260ff777ba09452a300cc30160c232d3c7f743b16dc4dd68a326e8d149"),
        ("v16-devices", "d860e3bf862762916f375daff93e0909f4b2be52712f90e5170f59e1f81dac0c"),
        ("v17-build-cache", "5b6bfbadb9cc2eb06c7c29b57a2d1f09707d763673d07e88c13ee814a89cc25f"),
        ("v18-secrets", "d83505adacd2883e5bbc6c3516a85a72c7c9053f8c5b60f475687f9a4e8cbaeb"),
        ("v19-cache-usage", "97cc0bbc0db0e967ec26fb65a213307496c5a23997921ba928ff2d3fc08a4a89"),
        ("v20-device-runs", "2fe3ad5507f1bb81dba11ee0cc4a72421befd77a0486cb6eeb511a5f270a831b"),
    ]

    /// Our PostgreSQL migrator's names (`mobile_ops_migration`), in order, with the SHA-256 of
    /// each migration's SQL text.
    static let postgres: [(identifier: String, sha256: String)] = [
        ("0001-schema", "5ba2fb88cb9334d533889a2b98585527667317c856a1db5438f92cde76ff5bcc"),
        ("0002-findings", "08cdafc296500ef8c541c46fee30b0d05ae5d0cba4cbadf3b56585675d1ec876"),
        ("0003-finding-suppression", "48011822cb1f59a01fff46a59cb693621809585d667620bf6f4065f5983e4ffc"),
        ("0004-merge-base", "07d7357101e811c06a7354e270b2523147419cd1293d345c4e68a54bfbffd886"),
        ("0005-devices", "bf6d2a67a995b493d1adf9b5539945b4d9e381e5fcaa1c5ab5134b36aee78747"),
        ("0006-build-cache", "50f5ad234dec00dce2f3f63de70a6b2cac1e1038e8b44ec912410b0e389d3f6c"),
        ("0007-secrets", "a6ef7c6d1b2a72160265ef89539d92765001e293da309c2f913fcdb2fb14949c"),
        ("0008-cache-usage", "775bc8334064ca66e9d98674c1bef908f77ca32e439b2599a54f7c6c27558ddf"),
        ("0009-device-runs", "f9b6c20cebc6f2bfe74838dc9b9c886a884fa93bf8dc201a28d595a48441503e"),
    ]

    @Test("every SQLite migration keeps its identifier and runs the SQL it shipped with")
    func sqliteMigrations() throws {
        expect(try Self.sqliteFingerprints(), pinned: Self.sqlite, backend: "SQLite")
    }

    @Test("every PostgreSQL migration keeps its name and its SQL text")
    func postgresMigrations() {
        let found = PostgresSchema.migrations.map { (identifier: $0.name, sha256: Self.sha256($0.sql)) }
        expect(found, pinned: Self.postgres, backend: "PostgreSQL")
    }

    /// Each GRDB migration's SQL: an empty in-memory database is migrated one identifier at a
    /// time with every statement traced, so the fingerprint covers what the migration's closure
    /// runs (schema DSL and raw SQL alike), not how its Swift is written.
    static func sqliteFingerprints() throws -> [(identifier: String, sha256: String)] {
        let traced = TracedStatements()
        let queue = try DatabaseQueue()
        queue.inDatabase { db in
            db.trace(options: .statement) { event in
                if case let .statement(statement) = event { traced.append(statement.sql) }
            }
        }
        return try AppDatabase.migrator.migrations.map { identifier in
            traced.reset()
            try AppDatabase.migrator.migrate(queue, upTo: identifier)
            return (identifier: identifier, sha256: sha256(traced.reset().joined(separator: "\n")))
        }
    }

    static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// The identifiers must match in order; each changed fingerprint is named.
    private func expect(_ found: [(identifier: String, sha256: String)], pinned: [(identifier: String, sha256: String)], backend: String) {
        #expect(found.map(\.identifier) == pinned.map(\.identifier), "\(backend) migration identifiers changed, or a new one is not pinned here")
        let pinnedByIdentifier = Dictionary(pinned.map { ($0.identifier, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        for migration in found {
            #expect(
                pinnedByIdentifier[migration.identifier] == migration.sha256,
                "\(backend) migration \(migration.identifier) now hashes to \(migration.sha256): a shipped migration was edited")
        }
    }
}

/// The statements a traced connection ran since the last reset.
private final class TracedStatements: Sendable {
    private let statements = Mutex<[String]>([])

    func append(_ sql: String) {
        statements.withLock { $0.append(sql) }
    }

    /// The statements so far, forgotten.
    @discardableResult
    func reset() -> [String] {
        statements.withLock { statements in
            defer { statements.removeAll() }
            return statements
        }
    }
}
