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

    func run() async throws -> [ResultRow] {
        try await BenchServer.with(binary: serverBinary, pipelines: ["dispatch.yml": Self.pipeline]) { server in
            let fleet = try await AgentFleet(server: server, count: agents, tags: ["platform": "bench"])
            let polling = Task { await fleet.run() }
            defer { polling.cancel() }
            // Every agent's first poll finds nothing and parks.
            while fleet.pollCount < agents { try await Task.sleep(for: .milliseconds(50)) }
            try await Task.sleep(for: .milliseconds(500))

            var latencies: [Double] = []
            var requests: [Double] = []
            var missed = 0
            for _ in 0..<builds {
                let start = ContinuousClock.now
                let build = try await server.api(.post, "/api/v1/builds", json: #"{"pipeline": "dispatch", "branch": "main", "commit": "HEAD"}"#)
                guard let id = (build["id"] as? NSNumber)?.int64Value else { throw BenchError("no build id in \(build)") }
                requests.append((ContinuousClock.now - start).seconds)
                var held: ContinuousClock.Instant?
                let deadline = ContinuousClock.now + .seconds(5)
                while held == nil, ContinuousClock.now < deadline {
                    held = fleet.receivedAt(build: id)
                    if held == nil { try await Task.sleep(for: .microseconds(200)) }
                }
                if let held { latencies.append((held - start).seconds) } else { missed += 1 }
                // Let the agent finish and park again, so each job meets 200 parked polls.
                try await Task.sleep(for: .milliseconds(20))
            }
            let p50 = Stats.percentile(latencies, 50)
            let p99 = Stats.percentile(latencies, 99)
            // The server's own clock: the build's creation (its jobs are runnable from that
            // transaction on) to the job's assignment, as stored — what the goal defines.
            let database = try DatabaseQueue(path: server.directory + "/db.sqlite", configuration: {
                var configuration = Configuration()
                configuration.readonly = true
                return configuration
            }())
            let stored = try await database.read { db in
                try Double.fetchAll(db, sql: """
                    SELECT (julianday(job.assignedAt) - julianday(build.createdAt)) * 86400.0
                    FROM job JOIN build ON build.id = job.buildID WHERE job.assignedAt IS NOT NULL
                    """)
            }
            let serverP50 = Stats.percentile(stored, 50)
            let serverP99 = Stats.percentile(stored, 99)
            return [
                ResultRow(scenario: "dispatch", measure: "runnable → held on the server's clock (build created → job assigned, \(stored.count) jobs) p50", value: Stats.ms(serverP50), target: "< 5 ms", passed: serverP50 < 0.005),
                ResultRow(scenario: "dispatch", measure: "runnable → held on the server's clock p99", value: Stats.ms(serverP99), target: "< 50 ms", passed: serverP99 < 0.05),
                ResultRow(scenario: "dispatch", measure: "the trigger alone (POST /api/v1/builds round trip) p50 / p99", value: "\(Stats.ms(Stats.percentile(requests, 50))) / \(Stats.ms(Stats.percentile(requests, 99)))", target: "-", passed: nil),
                ResultRow(scenario: "dispatch", measure: "\(agents) agents, \(builds) builds one at a time, seen by the client (trigger sent → agent holds the job) p50 / p99, missed \(missed)", value: "\(Stats.ms(p50)) / \(Stats.ms(p99))", target: "-", passed: missed == 0 ? nil : false),
            ]
        }
    }
}
