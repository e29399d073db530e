import ArgumentParser
import Foundation
import Logging
import Store
import StoreCopy

/// `mobile-ops-server migrate-data --from PATH.sqlite --to postgres://…`: moves a team's data
/// from the SQLite file a server used to an empty PostgreSQL database.
///
/// One transaction on the target: it is refused when not empty, and a copy that fails leaves it
/// empty, so the command can be run again. The SQLite file is locked as the server locks it, so
/// stop the server first.
struct MigrateDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-data",
        abstract: "Copy everything from an SQLite database file to an empty PostgreSQL database.",
        discussion: """
            Copies repositories, tokens, builds, jobs, logs, deliveries, agents, metrics, releases and the \
            audit log, ids kept, then compares every table's row count. Stop the server that uses the file first.
            Artifacts are files, not rows: copy the artifacts folder (artifacts/ beside the SQLite file, \
            or MOBILE_OPS_ARTIFACTS) to where the new servers keep theirs.

            Example:
              mobile-ops-server migrate-data --from .mobile-ops/mobile-ops.sqlite \\
                  --to 'postgres://mobile_ops:secret@127.0.0.1:5432/mobile_ops'
              cp -a .mobile-ops/artifacts/. /srv/mobile-ops/artifacts/
            """
    )

    @Option(help: "The SQLite database file (the server's --database).")
    var from: String

    @Option(help: "The PostgreSQL database: postgres://user:password@host:5432/database?sslmode=…")
    var to: String

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func validate() throws {
        guard PostgresLocation.isPostgresURL(to) else {
            throw ValidationError("--to must be a postgres:// (or postgresql://) URL, not '\(to)'")
        }
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() async throws {
        let logger = ServerOptions.bootstrapLogging(level: Logger.Level(rawValue: logLevel.lowercased()) ?? .info)
        do {
            let counts = try await SQLiteToPostgresCopy(from: from, to: to, logger: logger).run()
            for count in counts {
                print("\(count.table): \(count.rows)")
            }
            print("copied \(counts.reduce(0) { $0 + $1.rows }) rows in \(counts.count) tables; every count matches the source")
        } catch {
            FileHandle.standardError.write(Data("mobile-ops-server migrate-data: \(error)\n".utf8))
            throw ExitCode(3)
        }
    }
}
