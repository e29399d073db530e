import Core
import Foundation
import GRDB
import Store

// MARK: - Notable events

extension AppDatabase: NotableEventStore {
    /// Records `event` inside the caller's transaction, so it is written exactly when the
    /// change it announces is (a failed build, a regression, a release step).
    static func recordNotableEvent(_ event: NotableEvent, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO notableEvent (kind, title, summary, url, occurredAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [event.kind, event.title, event.summary, event.url, StoredDate(event.occurredAt)]
        )
    }

    /// Records one event on its own.
    public func recordNotableEvent(_ event: NotableEvent) async throws(StoreError) {
        try await write { db in try Self.recordNotableEvent(event, in: db) }
    }

    /// The newest events first, at most `limit` (1…500).
    public func notableEvents(limit: Int) async throws(StoreError) -> [NotableEvent] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM notableEvent ORDER BY occurredAt DESC, id DESC LIMIT ?",
                arguments: [min(max(limit, 1), 500)]
            ).map { row in
                NotableEvent(id: row["id"], kind: row["kind"], title: row["title"], summary: row["summary"], url: row["url"], occurredAt: row[date: "occurredAt"])
            }
        }
    }

    /// A failed build of a repository's default branch is news; other failures (pull
    /// requests, feature branches) are everyday work and stay out of the feed.
    /// The summary names the build's queue, run and total time (``BuildTimes``).
    static func announceFailedDefaultBranchBuild(_ build: BuildRecord, times: BuildTimes?, now: Date, in db: Database) throws {
        guard build.state == BuildState.failed.rawValue, let repositoryID = build.repositoryID,
              let repository = try RepositoryRecord.fetchOne(db, key: repositoryID), build.branch == repository.defaultBranch
        else { return }
        try recordNotableEvent(
            FailedBuildAnnouncement.event(build: build.build(), repository: repository.name, defaultBranch: repository.defaultBranch, times: times, now: now),
            in: db)
    }
}
