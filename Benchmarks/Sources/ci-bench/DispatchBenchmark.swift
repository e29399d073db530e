import Foundation
import GRDB

/// With 200 agents long-polling, the time from a manual build being requested to one agent
/// holding its job. The clock starts before `POST /api/v1/builds` is sent, so the figure is an
/// upper bound on "runnable → held" (it includes that request and its transaction).
struct DispatchBenchmark {
    let serverBinary: String
    var agents = 200
    var builds = 300

    static let pipeline = """
        name: dispatch
        triggers:
          manual: true
        steps:
          - key: run
            command: "true"
            agents:
              platform: bench
        """

    /// Dispatch on each available store, side by side, with PostgreSQL's server-side p99 as
    /// a ratio of SQLite's from the same run.
    func run() async throws -> [ResultRow] {
        var rows: [ResultRow] = []
        var p99s: [Double] = []
        for database in BenchDatabase.available {
            let (figures, p99) = try await run(on: database)
            rows += figures
            p99s.append(p99)
        }
        if p99s.count == 2, p99s[0] > 0 {
            rows.append(ResultRow(scenario: "dispatch", measure: "PostgreSQL p99 / SQLite p99 on the server's clock (same run)", value: String(format: "%.2f×", p99s[1] / p99s[0]), target: "-", passed: nil))
        }
        return rows
    }

    /// SQLite's goal is p50 < 5 ms and p99 < 50 ms; PostgreSQL's, p99 < 20 ms.
    private func run(on database: BenchDatabase) async throws -> (rows: [ResultRow], p99: Double) {
        try await BenchServer.with(binary: serverBinary, pipelines: ["dispatch.yml": Self.pipeline], database: database) { server in
            let scenario = "dispatch (\(database.name))"
            try await server.api(.post, "/api/v1/repositories", json: #"{"name": "acme/dispatch", "provider": "github", "cloneURL": "https://github.com/acme/dispatch.git"}"#)
            let fleet = try await AgentFleet(server: server, count: agents, tags: ["platform": "bench"])
            let polling = Task { await fleet.run() }
            defer { polling.cancel() }
            // Every agent's first poll finds nothing and parks.
            while fleet.pollCount < agents { try await Task.sleep(for: .milliseconds(50)) }
            try await Task.sleep(for: .milliseconds(500))

            let seen = try await Self.measure(trigger: server, fleet: fleet, builds: builds)
            let (latencies, requests, missed) = (seen.latencies, seen.requests, seen.missed)
            let p50 = Stats.percentile(latencies, 50)
            let p99 = Stats.percentile(latencies, 99)
            // The server's own clock: the build's creation (its jobs are runnable from that
            // transaction on) to the job's assignment, as stored — what the goal defines.
            let stored = try await Self.storedWaits(server, afterBuild: 0)
            let serverP50 = Stats.percentile(stored, 50)
            let serverP99 = Stats.percentile(stored, 99)
            let sqlite = database.name == "SQLite"
            let p99Goal = sqlite ? 0.05 : 0.02
            let rows = [
                ResultRow(scenario: scenario, measure: "runnable → held on the server's clock (build created → job assigned, \(stored.count) jobs) p50", value: Stats.ms(serverP50), target: sqlite ? "< 5 ms" : "-", passed: sqlite ? serverP50 < 0.005 : nil),
                ResultRow(scenario: scenario, measure: "runnable → held on the server's clock p99", value: Stats.ms(serverP99), target: "< \(Int(p99Goal * 1000)) ms", passed: serverP99 < p99Goal),
                ResultRow(scenario: scenario, measure: "the trigger alone (POST /api/v1/builds round trip) p50 / p99", value: "\(Stats.ms(Stats.percentile(requests, 50))) / \(Stats.ms(Stats.percentile(requests, 99)))", target: "-", passed: nil),
                ResultRow(scenario: scenario, measure: "\(agents) agents, \(builds) builds one at a time, seen by the client (trigger sent → agent holds the job) p50 / p99, missed \(missed)", value: "\(Stats.ms(p50)) / \(Stats.ms(p99))", target: "-", passed: missed == 0 ? nil : false),
            ]
            return (rows, serverP99)
        }
    }

    /// What the client saw of builds triggered one at a time: seconds from sending the trigger
    /// to an agent holding the job, the trigger's round trip alone, and builds no agent got.
    struct ClientFigures {
        var latencies: [Double] = []
        var requests: [Double] = []
        var missed = 0
    }

    /// Triggers `builds` manual builds one at a time on `trigger` and waits for one of
    /// `fleet`'s agents (parked on the same server or on another replica) to hold each job.
    static func measure(trigger server: BenchServer, fleet: AgentFleet, builds: Int, pipeline: String = "dispatch") async throws -> ClientFigures {
        var figures = ClientFigures()
        for _ in 0..<builds {
            let start = ContinuousClock.now
            let build = try await server.api(.post, "/api/v1/builds", json: #"{"pipeline": "\#(pipeline)", "repository": "acme/dispatch", "branch": "main", "commit": "HEAD"}"#)
            guard let id = (build["id"] as? NSNumber)?.int64Value else { throw BenchError("no build id in \(build)") }
            figures.requests.append((ContinuousClock.now - start).seconds)
            var held: ContinuousClock.Instant?
            let deadline = ContinuousClock.now + .seconds(5)
            while held == nil, ContinuousClock.now < deadline {
                held = fleet.receivedAt(build: id)
                if held == nil { try await Task.sleep(for: .microseconds(200)) }
            }
            if let held { figures.latencies.append((held - start).seconds) } else { figures.missed += 1 }
            // Let the agent finish and park again, so each job meets every parked poll.
            try await Task.sleep(for: .milliseconds(20))
        }
        return figures
    }

    /// Seconds from each build's creation (its job is runnable from that transaction on) to
    /// its job's assignment, as the server stored them: the figure the goal defines. Only
    /// builds after `afterBuild` count, so two phases on one database can be told apart.
    static func storedWaits(_ server: BenchServer, afterBuild: Int64) async throws -> [Double] {
        switch server.database {
        case .sqlite:
            let database = try DatabaseQueue(path: server.databaseLocation, configuration: {
                var configuration = Configuration()
                configuration.readonly = true
                return configuration
            }())
            return try await database.read { db in
                try Double.fetchAll(db, sql: """
                    SELECT (julianday(job.assignedAt) - julianday(build.createdAt)) * 86400.0
                    FROM job JOIN build ON build.id = job.buildID WHERE job.assignedAt IS NOT NULL AND build.id > ?
                    """, arguments: [afterBuild])
            }
        case .postgres:
            return try BenchDatabase.psql(server.databaseLocation, """
                SELECT extract(epoch FROM job.assigned_at - build.created_at)
                FROM job JOIN build ON build.id = job.build_id WHERE job.assigned_at IS NOT NULL AND build.id > \(afterBuild)
                """).compactMap(Double.init)
        }
    }
}
