import Core
import DI
import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PostgresSupport
@testable import Server
import Store
import StoreCopy
import TestSupport
import Testing

/// `migrate-data` judged by what users see: a server on a populated SQLite file and a server on
/// the PostgreSQL copy of it give the same answer to every readable route of the API.
@Suite(
    "migrate-data: the API answers the same before and after the move to PostgreSQL",
    .enabled(if: PostgresScratchDatabase.serverURL != nil, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)")
)
struct MigrationAnswersTests {
    /// Reads whose answer depends on more than the stored data: the served document and the
    /// service graph (the store's type differs by design), the Prometheus counters of this
    /// process, and the log stream (the same text, but answered as a stream that may end early).
    static let notCompared: Set<String> = [
        "GET /api/v1/openapi.json", "GET /api/v1/system/graph", "GET /metrics", "GET /api/v1/jobs/{id}/log",
    ]

    @Test("every GET the access table lists answers the same status and JSON on SQLite and on its PostgreSQL copy")
    func sameAnswers() async throws {
        // A whole second: PostgreSQL keeps milliseconds and SQLite finer, so a time read back
        // could differ by under a millisecond between the two, and a message due "now" be due
        // on one and not yet on the other while this clock stands still.
        let clock = ManualClock(at: Date(timeIntervalSince1970: DateShift.now.timeIntervalSince1970.rounded(.down)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-migrate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (fixture, before) = try await Self.seedAndRead(directory: directory, clock: clock)
        #expect(before.count > 25)

        let scratch = try await PostgresScratchDatabase.create()
        let counts = try await SQLiteToPostgresCopy(
            from: directory.appendingPathComponent("db/mobile-ops.sqlite").path, to: scratch.url, logger: Logger(label: "test.migrate")
        ).run()
        #expect(counts.contains { $0.table == "metric_build" && $0.rows == 3 })
        var server = try await TestServer.make(in: directory, clock: clock, backgroundServices: false, configure: { configuration in
            ReleaseFiles.install(in: configuration, train: nil)
            configuration.postgres = try? PostgresLocation(url: scratch.url)
        })
        server.scratch = scratch
        let after = try await Self.read(server, fixture: fixture)
        #expect(Set(after.keys) == Set(before.keys))
        for (operation, answer) in before.sorted(by: { $0.key < $1.key }) {
            let other = after[operation]
            #expect(other?.status == answer.status, "\(operation): \(answer.status) on SQLite, \(other?.status.code ?? 0) on PostgreSQL: \(other?.text.prefix(200) ?? "")")
            #expect(other.map { Self.sameJSON($0.text, answer.text) } == true, "\(operation) differs:\nSQLite:     \(answer.text.prefix(600))\nPostgreSQL: \(other?.text.prefix(600) ?? "")")
        }
    }

    /// Seeds a server on SQLite (tokens, agents, repositories, a build with a log and an
    /// artifact, a release, build reports) and reads every route; the server is gone when
    /// this returns, so the file is free for the copy.
    static func seedAndRead(directory: URL, clock: ManualClock) async throws -> (AccessFixture, [String: AccessAnswer]) {
        let server = try await TestServer.make(in: directory, clock: clock, backgroundServices: false, configure: { ReleaseFiles.install(in: $0, train: nil) })
        let box = FixtureBox()
        try await server.server.makeApplication().test(.router) { client in
            var fixture = try await AccessFixture.make(client)
            for (index, seconds) in [412.0, 388.5, 951.25].enumerated() {
                try await fixture.seed(client, .post, "/api/v1/metrics/builds", json: MetricsAPITests.report(seconds: seconds, queue: 12, ago: 3_600 * Double(index + 1), outcome: index == 2 ? "failure" : "success"))
            }
            box.fixture = fixture
        }
        let fixture = try #require(box.fixture)
        let answers = try await read(server, fixture: fixture)
        if let database = try? await server.server.container.resolve((any StoreDatabase).self) { await database.close() }
        return (fixture, answers)
    }

    /// The admin's answer to every GET of the access table, by operation.
    static func read(_ server: TestServer, fixture: AccessFixture) async throws -> [String: AccessAnswer] {
        let matrix = try AccessMatrix.shipped()
        let box = AnswersBox()
        try await server.server.makeApplication().test(.router) { client in
            for row in matrix.rows where row.method == "GET" && !notCompared.contains(row.operation) {
                let request = fixture.request(for: row)
                box.answers[row.operation] = try await request.send(client, operation: row.operation, authorization: "Bearer \(TestServer.adminToken)", credential: "admin")
            }
        }
        return box.answers
    }

    /// Whether two bodies are the same JSON value (key order aside), or the same text when not JSON.
    /// Compared as canonical text (keys sorted): on Linux, `NSObject.isEqual` calls two parsed
    /// `false` values different, so any answer holding a `false` would never match.
    static func sameJSON(_ left: String, _ right: String) -> Bool {
        func canonical(_ text: String) -> Data? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else { return nil }
            return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        }
        guard let a = canonical(left), let b = canonical(right) else { return left == right }
        return a == b
    }
}

/// Carries a value out of the router test's `@Sendable` closure; the closure has finished
/// before it is read, and only one task touches it at a time.
private final class FixtureBox: @unchecked Sendable {
    var fixture: AccessFixture?
}

/// As `FixtureBox`, for the answers.
private final class AnswersBox: @unchecked Sendable {
    var answers: [String: AccessAnswer] = [:]
}
