import Foundation

/// Several replicas on one PostgreSQL database, each figure beside its one-server baseline from
/// the same run: dispatch across replicas (the build made on A, the agent parked on B), webhook
/// intake through nginx with one replica and with two, and how long the cluster goes without a
/// leader after `kill -9` of the leader.
struct ReplicaBenchmark {
    let serverBinary: String
    let postgresURL: String
    var agents = 200
    var builds = 300
    var failovers = 5

    static func pipeline(_ name: String) -> String {
        DispatchBenchmark.pipeline.replacingOccurrences(of: "name: dispatch", with: "name: \(name)")
            .replacingOccurrences(of: "platform: bench", with: "platform: \(name)")
    }

    func run() async throws -> [ResultRow] {
        try await dispatch() + intake() + failover()
    }

    /// Servers (replicas) started on one new database, handed to `body`, all stopped and the
    /// database dropped afterwards, whatever happens.
    private func withReplicas<T>(
        _ count: Int, pipelines: [String: String], logs: Bool = false, _ body: ([BenchServer], String) async throws -> T
    ) async throws -> T {
        let database = BenchDatabase.postgres(serverURL: postgresURL)
        let location = try database.create(in: NSTemporaryDirectory())
        var servers: [BenchServer] = []
        do {
            for index in 0..<count {
                let log = logs ? NSTemporaryDirectory() + "mobile-ops-ci-bench-replica-\(UUID().uuidString)-\(index).log" : nil
                servers.append(try await BenchServer(binary: serverBinary, pipelines: pipelines, database: database, sharedLocation: location, logPath: log))
            }
            let result = try await body(servers, location)
            for server in servers.reversed() { await server.stop() }
            database.drop(location)
            return result
        } catch {
            for server in servers.reversed() { await server.stop() }
            database.drop(location)
            throw error
        }
    }

    // MARK: Dispatch

    /// Builds triggered one at a time on A; 200 agents parked on A (the baseline), then 200
    /// other agents parked on B. Each phase has its own pipeline and agent tags, so a poll
    /// left parked by the first phase cannot take the second's jobs.
    private func dispatch() async throws -> [ResultRow] {
        let pipelines = ["same.yml": Self.pipeline("same"), "across.yml": Self.pipeline("across")]
        return try await withReplicas(2, pipelines: pipelines) { servers, _ in
            let (a, b) = (servers[0], servers[1])
            try await a.api(.post, "/api/v1/repositories", json: #"{"name": "acme/dispatch", "provider": "github", "cloneURL": "https://github.com/acme/dispatch.git"}"#)
            var rows: [ResultRow] = []
            var p99s: [Double] = []
            for (phase, parkedOn) in [("same", a), ("across", b)] {
                let fleet = try await AgentFleet(server: parkedOn, count: agents, tags: ["platform": phase])
                let polling = Task { await fleet.run() }
                defer { polling.cancel() }
                while fleet.pollCount < agents { try await Task.sleep(for: .milliseconds(50)) }
                try await Task.sleep(for: .milliseconds(500))
                let newest = try await a.api(.get, "/api/v1/builds?limit=1")
                let before = ((newest["builds"] as? [[String: Any]])?.first?["id"] as? NSNumber)?.int64Value ?? 0
                let seen = try await DispatchBenchmark.measure(trigger: a, fleet: fleet, builds: builds, pipeline: phase)
                let stored = try await DispatchBenchmark.storedWaits(a, afterBuild: before)
                let p50 = Stats.percentile(stored, 50), p99 = Stats.percentile(stored, 99)
                p99s.append(p99)
                let scenario = phase == "same" ? "dispatch, 2 replicas: agents on the build's replica" : "dispatch, 2 replicas: agents on the other replica"
                rows += [
                    ResultRow(scenario: scenario, measure: "runnable → held on the server's clock (\(stored.count) jobs) p50 / p99", value: "\(Stats.ms(p50)) / \(Stats.ms(p99))", target: phase == "same" ? "-" : "p99 < 50 ms", passed: phase == "same" ? nil : p99 < 0.05),
                    ResultRow(scenario: scenario, measure: "seen by the client (trigger sent → agent holds the job) p50 / p99, missed \(seen.missed)", value: "\(Stats.ms(Stats.percentile(seen.latencies, 50))) / \(Stats.ms(Stats.percentile(seen.latencies, 99)))", target: "-", passed: seen.missed == 0 ? nil : false),
                ]
            }
            if p99s[0] > 0 {
                rows.append(ResultRow(scenario: "dispatch, 2 replicas", measure: "across p99 / same-replica p99 (same run)", value: String(format: "%.2f×", p99s[1] / p99s[0]), target: "-", passed: nil))
            }
            return rows
        }
    }

    // MARK: Intake

    /// The intake scenario's signed pushes sent by wrk through nginx to one replica, then to two.
    private func intake() async throws -> [ResultRow] {
        var rows: [ResultRow] = []
        var rates: [Double] = []
        for count in [1, 2] {
            let (figures, rate) = try await withReplicas(count, pipelines: ["intake.yml": WebhookIntakeBenchmark.pipeline]) { servers, _ in
                let balancer = try await BenchBalancer(upstreams: servers.map(\.url))
                do {
                    let measured = try await WebhookIntakeBenchmark(serverBinary: serverBinary)
                        .measure(servers[0], through: balancer.url, label: "nginx → \(count) replica\(count == 1 ? "" : "s")")
                    await balancer.stop()
                    return measured
                } catch {
                    await balancer.stop()
                    throw error
                }
            }
            // The single-server goals do not apply here: nginx and both replicas share the
            // machine's cores. What must still hold is that every delivery was answered 2xx.
            rows += figures.map { row in
                row.measure.hasPrefix("non-2xx") ? row : ResultRow(scenario: row.scenario, measure: row.measure, value: row.value, target: "-", passed: nil)
            }
            rates.append(rate)
        }
        if rates[0] > 0 {
            rows.append(ResultRow(scenario: "webhook intake through nginx", measure: "2 replicas / 1 replica deliveries/s (same run, same 2 cores)", value: String(format: "%.2f×", rates[1] / rates[0]), target: "-", passed: nil))
        }
        return rows
    }
}
