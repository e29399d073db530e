import ChildProcesses
import Foundation

/// The store a benchmark server runs on: a new SQLite file in its folder, or a new database on
/// the PostgreSQL server whose maintenance URL `MOBILE_OPS_BENCH_POSTGRES_URL` names (`make
/// bench` starts a throwaway one on the same machine).
enum BenchDatabase: Sendable {
    case sqlite
    case postgres(serverURL: String)

    /// SQLite, then PostgreSQL when a server is given: the order every side-by-side row uses.
    static var available: [BenchDatabase] {
        guard let url = ProcessInfo.processInfo.environment["MOBILE_OPS_BENCH_POSTGRES_URL"], !url.isEmpty else { return [.sqlite] }
        return [.sqlite, .postgres(serverURL: url)]
    }

    /// How result rows name it.
    var name: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// The `--database` value for a server whose folder is `directory`: a file there, or a
    /// database made for it now.
    func create(in directory: String) throws -> String {
        switch self {
        case .sqlite:
            return directory + "/db.sqlite"
        case let .postgres(serverURL):
            let name = "bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            _ = try Self.psql(serverURL, "CREATE DATABASE \(name) TEMPLATE template0")
            return Self.url(serverURL, database: name)
        }
    }

    /// Drops a database made by `create`; nothing to do for a file (its folder goes).
    func drop(_ location: String) {
        guard case let .postgres(serverURL) = self, let name = URLComponents(string: location)?.path.dropFirst() else { return }
        _ = try? Self.psql(serverURL, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// The rows of one query, one line each, from psql (`make bench` installs it with the server).
    static func psql(_ url: String, _ sql: String) throws -> [String] {
        let output = try Command.run(.command("psql", [url, "-v", "ON_ERROR_STOP=1", "-Atqc", sql]))
        guard output.status == .exited(0) else { throw BenchError("psql: \(output.errorText)") }
        return output.text.split(separator: "\n").map(String.init)
    }

    /// `serverURL` with its database replaced by `database`.
    static func url(_ serverURL: String, database: String) -> String {
        guard var components = URLComponents(string: serverURL) else { return serverURL }
        components.path = "/" + database
        return components.string ?? serverURL
    }
}
