import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Releases

extension PostgresAppDatabase {
    /// Creates a release with its first event, audit and notable events.
    public func createRelease(_ release: NewRelease) async throws(StoreError) -> StoredRelease {
        try await write { connection in try await self.insertRelease(release, on: connection) }
    }

    /// One release, or nil.
    public func release(id: Int64) async throws(StoreError) -> StoredRelease? {
        try await read { connection in try await self.fetchRelease(id: id, lock: false, on: connection) }
    }

    /// Newest first, optionally of one train and/or in some states, at most `limit` (1…500).
    public func releases(trainID: Int64?, states: [String]?, limit: Int) async throws(StoreError) -> [StoredRelease] {
        if let states, states.isEmpty { return [] }
        return try await read { connection in
            try await Self.releases(from: connection.boundedQuery(
                """
                SELECT \(unescaped: Self.releaseColumns) FROM train_release
                WHERE (\(trainID)::bigint IS NULL OR train_id = \(trainID)) AND (\(states)::text[] IS NULL OR state = ANY(\(states)))
                ORDER BY id DESC LIMIT \(Int64(min(max(limit, 1), 500)))
                """, logger: self.logger))
        }
    }

    /// A release's events, oldest first.
    public func releaseEvents(releaseID: Int64) async throws(StoreError) -> [StoredReleaseEvent] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT id, release_id, action, from_state, to_state, actor, occurred_at, detail FROM train_release_event
                WHERE release_id = \(releaseID) ORDER BY id
                """, logger: self.logger)
            var events: [StoredReleaseEvent] = []
            for try await (id, release, action, from, to, actor, at, detail) in rows.decode((Int64, Int64, String, String, String, String, Date, String).self) {
                events.append(StoredReleaseEvent(id: id, releaseID: release, action: action, from: from, to: to, actor: actor, at: at, detail: detail))
            }
            return events
        }
    }

    /// One transition in one transaction, the release's row locked first: two servers (or two
    /// requests) acting on one release at once apply their actions one after the other, each
    /// to the result of the previous one. This server's own actions on one release take turns
    /// before they reach the database (`KeyedTurns`), so they do not wait on the row lock
    /// holding a connection each.
    public func changeRelease(id: Int64, _ body: @Sendable (StoredRelease) throws -> ReleaseChange) async throws -> ReleaseChangeResult {
        try await releaseTurns.withTurn(id) { try await self.changeReleaseLocked(id: id, body) }
    }

    /// ``changeRelease(id:_:)`` once it is this task's turn.
    private func changeReleaseLocked(id: Int64, _ body: @Sendable (StoredRelease) throws -> ReleaseChange) async throws -> ReleaseChangeResult {
        // The caller's own error reaches it as it was, not as a database failure.
        var refusal: (any Error)?
        do {
            return try await write { connection in
                guard let current = try await self.fetchRelease(id: id, lock: true, on: connection) else { throw StoreError.notFound("no release with id \(id)") }
                let change: ReleaseChange
                do {
                    change = try body(current)
                } catch {
                    refusal = error
                    throw error
                }
                guard let event = change.event else { return ReleaseChangeResult(release: current, created: nil, changed: false) }
                let release = change.release
                try await connection.run(
                    """
                    UPDATE train_release SET machine = \(release.machine), state = \(release.state), branch = \(release.branch),
                      rc_build_id = \(release.rcBuildID), store_ids = \(release.storeIDs),
                      rollout_step_index = \(release.rolloutStepIndex.map { Int32(clamping: $0) }),
                      rollout_entered_at = \(PostgresTime.stored(release.rolloutEnteredAt)), problem = \(release.problem),
                      updated_at = \(PostgresTime.stored(event.at))
                    WHERE id = \(id)
                    """, logger: self.logger)
                try await self.insertEvent(event, releaseID: id, on: connection)
                if var audit = change.audit {
                    audit.subject = "release:\(id)"
                    try await self.insertAudit(audit, on: connection)
                }
                if let notable = change.notable { try await self.recordNotableEvent(notable, on: connection) }
                var created: StoredRelease?
                if let newRelease = change.newRelease { created = try await self.insertRelease(newRelease, on: connection) }
                guard let stored = try await self.fetchRelease(id: id, lock: false, on: connection) else { throw StoreError.database("release \(id) vanished") }
                return ReleaseChangeResult(release: stored, created: created, changed: true)
            }
        } catch {
            if let refusal { throw refusal }
            // A unique violation (a version taken by a concurrent transaction): the same words as SQLite's.
            if case .conflict(let message) = error, !message.hasPrefix("the train already has a release") {
                throw StoreError.conflict("the train already has a release of that version")
            }
            throw error
        }
    }

    /// Sets or clears the release's current problem.
    public func setReleaseProblem(id: Int64, problem: String?) async throws(StoreError) {
        try await write { connection in
            try await connection.run("UPDATE train_release SET problem = \(problem) WHERE id = \(id)", logger: self.logger)
        }
    }

    // MARK: Inside transactions

    /// Inserts a release, its first event, audit and notable events; a taken version is a conflict.
    func insertRelease(_ release: NewRelease, on connection: PostgresConnection) async throws -> StoredRelease {
        let taken = try await connection.value(
            "SELECT count(*) FROM train_release WHERE train_id = \(release.trainID) AND version = \(release.version)", as: Int64.self, logger: logger) ?? 0
        guard taken == 0 else { throw StoreError.conflict("the train already has a release \(release.version)") }
        let now = PostgresTime.stored(release.event.at)
        let id = try await connection.value(
            """
            INSERT INTO train_release (train_id, version, kind, machine, state, branch, store_ids, created_at, updated_at)
            VALUES (\(release.trainID), \(release.version), \(release.kind), \(release.machine), \(release.state), \(release.branch),
                    \(release.storeIDs), \(now), \(now))
            RETURNING id
            """, as: Int64.self, logger: logger)
        guard let id else { throw StoreError.database("release insert returned no id") }
        try await insertEvent(release.event, releaseID: id, on: connection)
        var audit = release.audit
        audit.subject = "release:\(id)"
        try await insertAudit(audit, on: connection)
        if var notable = release.notable {
            notable.url = notable.url ?? "/api/v1/releases/\(id)"
            try await recordNotableEvent(notable, on: connection)
        }
        guard let stored = try await fetchRelease(id: id, lock: false, on: connection) else { throw StoreError.database("release \(id) could not be read back") }
        return stored
    }

    /// Stores a transition and announces it through the outbox (kind `release_step`), in the
    /// caller's transaction: every step reaches the team's webhook.
    private func insertEvent(_ event: StoredReleaseEvent, releaseID: Int64, on connection: PostgresConnection) async throws {
        try await connection.run(
            """
            INSERT INTO train_release_event (release_id, action, from_state, to_state, actor, occurred_at, detail)
            VALUES (\(releaseID), \(event.action), \(event.from), \(event.to), \(event.actor), \(PostgresTime.stored(event.at)), \(event.detail))
            """, logger: logger)
        var announced = event
        announced.releaseID = releaseID
        try await enqueueOutbox(kind: StoredReleaseEvent.outboxKind, payload: try StoreJSON.encode(announced, dates: .utcISO8601), at: event.at, on: connection)
    }

    private func fetchRelease(id: Int64, lock: Bool, on connection: PostgresConnection) async throws -> StoredRelease? {
        try await Self.releases(from: connection.boundedQuery(
            "SELECT \(unescaped: Self.releaseColumns) FROM train_release WHERE id = \(id)\(unescaped: lock ? " FOR UPDATE" : "")", logger: logger)).first
    }

    private static let releaseColumns = """
        id, train_id, version, kind, machine, state, branch, rc_build_id, store_ids, rollout_step_index, rollout_entered_at, problem,
        created_at, updated_at
        """

    private static func releases(from rows: PostgresRowSequence) async throws -> [StoredRelease] {
        var releases: [StoredRelease] = []
        for try await row in rows {
            let (id, trainID, version, kind, machine, state, branch) = try row.decode((Int64, Int64, String, String, String, String, String).self)
            let columns = row.makeRandomAccess()
            releases.append(StoredRelease(
                id: id, trainID: trainID, version: version, kind: kind, machine: machine, state: state, branch: branch,
                rcBuildID: try columns[7].decode(Int64?.self), storeIDs: try columns[8].decode(String.self),
                rolloutStepIndex: try columns[9].decode(Int32?.self).map(Int.init), rolloutEnteredAt: try columns[10].decode(Date?.self),
                problem: try columns[11].decode(String?.self), createdAt: try columns[12].decode(Date.self), updatedAt: try columns[13].decode(Date.self)))
        }
        return releases
    }
}
