import PostgresSupport
import Testing

/// The store a real server process runs on in an end-to-end test: its SQLite file, or a
/// scratch database on the test PostgreSQL server when `MOBILE_OPS_TEST_POSTGRES_URL` names one
/// (`make test` starts one and sets it).
enum ServerBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// Every backend this run can test.
    static var available: [ServerBackend] {
        PostgresScratchDatabase.serverURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// How the test's name shows it.
    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// Points `fleet`'s server at this backend: for PostgreSQL, a new empty database. It is
    /// left on the throwaway test server, which `make test` removes with everything in it.
    func prepare(_ fleet: Fleet) async throws {
        guard self == .postgres else { return }
        fleet.postgresURL = try await PostgresScratchDatabase.create().url
    }
}
