import Core
import Foundation
import GRDB
import Store

// MARK: - Releases

extension AppDatabase {
    /// Creates a release with its first event, audit and notable events.
    public func createRelease(_ release: NewRelease) async throws(StoreError) -> StoredRelease {
        try await write { db in try Self.insertRelease(release, in: db) }
    }

    /// One release.
    public func release(id: Int64) async throws(StoreError) -> StoredRelease? {
        try await read { db in try Self.fetchRelease(id: id, in: db) }
    }

    /// Newest first, filtered.
    public func releases(trainID: Int64?, states: [String]?, limit: Int) async throws(StoreError) -> [StoredRelease] {
        try await read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let trainID {
                conditions.append("trainID = ?")
                _ = arguments.append(contentsOf: [trainID])
            }
            if let states {
                guard !states.isEmpty else { return [] }
                conditions.append("state IN (\(states.map { _ in "?" }.joined(separator: ", ")))")
                _ = arguments.append(contentsOf: StatementArguments(states))
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            _ = arguments.append(contentsOf: [min(max(limit, 1), 500)])
            return try Row.fetchAll(db, sql: "SELECT * FROM trainRelease \(filter) ORDER BY id DESC LIMIT ?", arguments: arguments)
                .map(Self.release(from:))
        }
    }

    /// A release's events, oldest first.
    public func releaseEvents(releaseID: Int64) async throws(StoreError) -> [StoredReleaseEvent] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM trainReleaseEvent WHERE releaseID = ? ORDER BY id", arguments: [releaseID]).map { row in
                StoredReleaseEvent(
                    id: row["id"], releaseID: row["releaseID"], action: row["action"], from: row["fromState"], to: row["toState"],
                    actor: row["actor"], at: row[date: "occurredAt"], detail: row["detail"]
                )
            }
        }
    }

    /// One transition in one transaction (see the protocol). The writer serialises
    /// transactions, and `body` sees the row as of this transaction, so concurrent callers
    /// each apply their action to the result of the previous one.
    public func changeRelease(id: Int64, _ body: @Sendable (StoredRelease) throws -> ReleaseChange) async throws -> ReleaseChangeResult {
        do {
            return try await writer.write { db in
                guard let current = try Self.fetchRelease(id: id, in: db) else { throw StoreError.notFound("no release with id \(id)") }
                let change = try body(current)
                guard let event = change.event else { return ReleaseChangeResult(release: current, created: nil, changed: false) }
                var release = change.release
                release.id = id
                release.updatedAt = event.at
                try db.execute(
                    sql: """
                        UPDATE trainRelease SET machine = ?, state = ?, branch = ?, rcBuildID = ?, storeIDs = ?, rolloutStepIndex = ?,
                        rolloutEnteredAt = ?, problem = ?, updatedAt = ? WHERE id = ?
                        """,
                    arguments: [
                        release.machine, release.state, release.branch, release.rcBuildID, release.storeIDs, release.rolloutStepIndex,
                        release.rolloutEnteredAt.map(StoredDate.init), release.problem, StoredDate(release.updatedAt), id,
                    ]
                )
                try Self.insertEvent(event, releaseID: id, in: db)
                if var audit = change.audit {
                    audit.subject = "release:\(id)"
                    var record = AuditEventRecord(audit)
                    try record.insert(db)
                }
                if let notable = change.notable { try Self.recordNotableEvent(notable, in: db) }
                let created = try change.newRelease.map { try Self.insertRelease($0, in: db) }
                guard let stored = try Self.fetchRelease(id: id, in: db) else { throw StoreError.database("release \(id) vanished") }
                return ReleaseChangeResult(release: stored, created: created, changed: true)
            }
        } catch let error as DatabaseError {
            if error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StoreError.conflict("the train already has a release of that version")
            }
            throw storeError(error)
        }
    }

    /// Sets or clears the release's current problem.
    public func setReleaseProblem(id: Int64, problem: String?) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE trainRelease SET problem = ? WHERE id = ?", arguments: [problem, id])
        }
    }

    // MARK: Inside transactions

    /// Inserts a release, its first event, audit and notable events; a taken version is a conflict.
    static func insertRelease(_ release: NewRelease, in db: Database) throws -> StoredRelease {
        let taken = try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM trainRelease WHERE trainID = ? AND version = ?", arguments: [release.trainID, release.version]
        ) ?? 0
        guard taken == 0 else { throw StoreError.conflict("the train already has a release \(release.version)") }
        let now = release.event.at
        try db.execute(
            sql: """
                INSERT INTO trainRelease (trainID, version, kind, machine, state, branch, storeIDs, createdAt, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [release.trainID, release.version, release.kind, release.machine, release.state, release.branch, release.storeIDs, StoredDate(now), StoredDate(now)]
        )
        let id = db.lastInsertedRowID
        try insertEvent(release.event, releaseID: id, in: db)
        var audit = AuditEventRecord(release.audit)
        audit.subject = "release:\(id)"
        try audit.insert(db)
        if var notable = release.notable {
            notable.url = notable.url ?? "/api/v1/releases/\(id)"
            try recordNotableEvent(notable, in: db)
        }
        guard let stored = try fetchRelease(id: id, in: db) else { throw StoreError.database("release \(id) could not be read back") }
        return stored
    }

    /// Stores a transition and announces it through the notification outbox (kind
    /// `release_step`), in the caller's transaction: every step reaches the team's webhook.
    static func insertEvent(_ event: StoredReleaseEvent, releaseID: Int64, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO trainReleaseEvent (releaseID, action, fromState, toState, actor, occurredAt, detail) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [releaseID, event.action, event.from, event.to, event.actor, StoredDate(event.at), event.detail]
        )
        var announced = event
        announced.releaseID = releaseID
        var message = OutboxRecord(kind: StoredReleaseEvent.outboxKind, payload: try StoreJSON.encode(announced, dates: .utcISO8601), at: event.at)
        try message.insert(db)
    }

    static func fetchRelease(id: Int64, in db: Database) throws -> StoredRelease? {
        try Row.fetchOne(db, sql: "SELECT * FROM trainRelease WHERE id = ?", arguments: [id]).map(release(from:))
    }

    static func release(from row: Row) -> StoredRelease {
        StoredRelease(
            id: row["id"], trainID: row["trainID"], version: row["version"], kind: row["kind"], machine: row["machine"],
            state: row["state"], branch: row["branch"], rcBuildID: row["rcBuildID"], storeIDs: row["storeIDs"],
            rolloutStepIndex: row["rolloutStepIndex"], rolloutEnteredAt: row[optionalDate: "rolloutEnteredAt"], problem: row["problem"],
            createdAt: row[date: "createdAt"], updatedAt: row[date: "updatedAt"]
        )
    }
}
