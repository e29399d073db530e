import Core
import Foundation
import GRDB
import HTTPClient
import Logging
@testable import Store
@testable import StoreSQLite
import Testing
import TestSupport

// MARK: - Waiting

/// Polls `condition` every 10 ms until it holds; callers bound it with a time limit.
func eventually(_ condition: @Sendable () async throws -> Bool) async throws {
    while try await !condition() {
        try await Task.sleep(for: .milliseconds(10))
    }
}

// MARK: - Database fixtures

/// A real SQLite database in a fresh temp folder, with helpers for the real build code path.
struct TestDatabase: Sendable {
    let folder: URL
    let database: AppDatabase

    init() throws {
        folder = try TemporaryDirectory.create("notify")
        database = try AppDatabase.open(path: folder.appendingPathComponent("db.sqlite").path, clock: SystemClock(offset: DateShift.whole))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Registers a repository.
    func repository(_ name: String, provider: GitProvider) async throws -> Repository {
        try await database.createRepository(
            name: name, provider: provider, cloneURL: "https://example.com/\(name).git", defaultBranch: "main",
            webhookSecret: "webhook-secret", audit: AuditEvent(occurredAt: DateShift.now, actor: "tests", action: "repository.create", subject: "repository")
        )
    }

    /// Sets a build's state directly, so the notifier's mapping can be checked for every
    /// state without driving agents through jobs.
    func setState(_ state: BuildState, of build: Build) throws {
        try database.writer.write { db in
            try db.execute(sql: "UPDATE build SET state = ? WHERE id = ?", arguments: [state.rawValue, build.id])
        }
    }

    /// Creates a one-job build through `AppDatabase.createBuild`, which enqueues its status.
    func build(in repository: Repository, pipeline: String = "ios-pr", sha: String = "0123456789abcdef0123456789abcdef01234567") async throws -> Build {
        let draft = BuildDraft(
            repositoryID: repository.id, pipeline: pipeline, trigger: "manual", branch: "main", commitSHA: sha,
            jobs: [JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["true"]))]
        )
        return try await database.createBuild(draft, audit: AuditEvent(occurredAt: DateShift.now, actor: "tests", action: "build.create", subject: "build"))
    }
}

// MARK: - Logging and messages

/// A quiet logger for the code under test.
func testLogger() -> Logger {
    var logger = Logger(label: "NotificationsTests")
    logger.logLevel = .critical
    return logger
}

/// A `commit_status` message carrying `payload` for a build, as the outbox would hand it over.
func commitStatusMessage(for build: Build, state: BuildState, id: Int64 = 1) throws -> OutboxMessage {
    let payload = CommitStatusPayload(
        buildID: build.id, repositoryID: build.repositoryID ?? 0, number: build.number, pipeline: build.pipeline,
        commitSHA: build.commitSHA, state: state.rawValue
    )
    let json = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    return OutboxMessage(
        id: id, kind: CommitStatusPayload.kind, payload: json, createdAt: DateShift.now, attempts: 0,
        nextAttemptAt: DateShift.now, deliveredAt: nil, lastError: nil
    )
}
