import Foundation

// ci-bench: the CI loop's speed goals (issue 4), measured against a release server binary.
//
//   swift run -c release ci-bench [pick] [intake] [dispatch] [memory] [replicas]   (default: all)
//
// `pick`, `intake` and `dispatch` run on SQLite and, when MOBILE_OPS_BENCH_POSTGRES_URL names
// a PostgreSQL server's empty database (`make bench` starts a throwaway server), on PostgreSQL
// too, side by side with the ratio from the same run; `memory` runs on SQLite. `replicas` needs
// PostgreSQL and nginx: two servers on one database, dispatch across them, intake through
// nginx with one and two replicas, and leader failover.
//
// SERVER_BIN names the server binary (default ../.build/release/mobile-ops-server, built by
// `make bench`). Everything runs on 127.0.0.1 and stops by itself.

let arguments = Set(CommandLine.arguments.dropFirst())
let all = arguments.isEmpty
let serverBinary = ProcessInfo.processInfo.environment["SERVER_BIN"]
    ?? FileManager.default.currentDirectoryPath + "/../.build/release/mobile-ops-server"

var rows: [ResultRow] = []
do {
    if all || arguments.contains("pick") {
        rows += try await StorePickBenchmark.runBoth(postgresURL: ProcessInfo.processInfo.environment["MOBILE_OPS_BENCH_POSTGRES_URL"])
    }
    let needsServer = all || !arguments.isDisjoint(with: ["intake", "dispatch", "memory", "replicas"])
    if needsServer, !FileManager.default.isExecutableFile(atPath: serverBinary) {
        throw BenchError("no server binary at \(serverBinary); run `swift build -c release --product mobile-ops-server` at the root or set SERVER_BIN")
    }
    if all || arguments.contains("intake") { rows += try await WebhookIntakeBenchmark(serverBinary: serverBinary).run() }
    if all || arguments.contains("dispatch") { rows += try await DispatchBenchmark(serverBinary: serverBinary).run() }
    if all || arguments.contains("memory") { rows += try await FleetMemoryBenchmark(serverBinary: serverBinary).run() }
    if all || arguments.contains("replicas") {
        if let url = ProcessInfo.processInfo.environment["MOBILE_OPS_BENCH_POSTGRES_URL"], !url.isEmpty {
            rows += try await ReplicaBenchmark(serverBinary: serverBinary, postgresURL: url).run()
        } else {
            print("ci-bench: replicas skipped: set MOBILE_OPS_BENCH_POSTGRES_URL (make bench does)")
        }
    }
} catch {
    ResultRow.printTable(rows)
    print("ci-bench: \(error)")
    exit(1)
}
ResultRow.printTable(rows)
