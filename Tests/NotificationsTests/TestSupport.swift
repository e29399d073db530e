import Core
import Foundation
import GRDB
import HTTPClient
import Logging
@testable import Store
@testable import StoreSQLite
import Testing

// MARK: - Time limits

/// Thrown by ``withTimeLimit(_:_:)`` when the body overruns; a hang guard, not a speed check.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "test body did not finish within \(limit)" }
}

/// Runs `body`, failing with ``TimeLimitExceeded`` (and cancelling it) if it hangs past `limit`.
func withTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TimeLimitExceeded(limit: limit)
        }
        return value
    }
}

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
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try AppDatabase.open(path: folder.appendingPathComponent("db.sqlite").path)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Registers a repository.
    func repository(_ name: String, provider: GitProvider) async throws -> Repository {
        try await database.createRepository(
            name: name, provider: provider, cloneURL: "https://example.com/\(name).git", defaultBranch: "main",
            webhookSecret: "webhook-secret", audit: AuditEvent(occurredAt: Date(), actor: "tests", action: "repository.create", subject: "repository")
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
        return try await database.createBuild(draft, audit: AuditEvent(occurredAt: Date(), actor: "tests", action: "build.create", subject: "build"))
    }
}

// MARK: - Logging and clients

/// A quiet logger for the code under test.
func testLogger() -> Logger {
    var logger = Logger(label: "NotificationsTests")
    logger.logLevel = .critical
    return logger
}

/// A client that shuts itself down after `body`, so tests cannot leak transfer threads.
func withClient<T>(_ body: (HTTPClient) async throws -> T) async throws -> T {
    let client = HTTPClient()
    do {
        let result = try await body(client)
        await client.shutdown()
        return result
    } catch {
        await client.shutdown()
        throw error
    }
}

/// A `commit_status` message carrying `payload` for a build, as the outbox would hand it over.
func commitStatusMessage(for build: Build, state: BuildState, id: Int64 = 1) throws -> OutboxMessage {
    let payload = CommitStatusPayload(
        buildID: build.id, repositoryID: build.repositoryID ?? 0, number: build.number, pipeline: build.pipeline,
        commitSHA: build.commitSHA, state: state.rawValue
    )
    let json = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    return OutboxMessage(
        id: id, kind: CommitStatusPayload.kind, payload: json, createdAt: Date(), attempts: 0,
        nextAttemptAt: Date(), deliveredAt: nil, lastError: nil
    )
}
