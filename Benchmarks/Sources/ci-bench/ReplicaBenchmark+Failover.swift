import Foundation

extension ReplicaBenchmark {
    /// `failovers` rounds on two replicas of one database: the leader is killed with SIGKILL
    /// and the clock runs until the other replica logs that it leads; the killed one comes
    /// back as the standby for the next round.
    func failover() async throws -> [ResultRow] {
        let database = BenchDatabase.postgres(serverURL: postgresURL)
        let location = try database.create(in: NSTemporaryDirectory())
        var started: [BenchServer] = []
        func replica() async throws -> BenchServer {
            let log = NSTemporaryDirectory() + "mobile-ops-ci-bench-failover-\(UUID().uuidString).log"
            let server = try await BenchServer(binary: serverBinary, pipelines: [:], database: database, sharedLocation: location, logPath: log)
            started.append(server)
            return server
        }
        do {
            var leader = try await replica()
            try await Self.waitUntilLeading(leader, limit: .seconds(15))
            var standby = try await replica()
            var seconds: [Double] = []
            for _ in 0..<failovers {
                // Long enough for the standby to have asked for the lease and been refused.
                try await Task.sleep(for: .milliseconds(1_500))
                let killedAt = ContinuousClock.now
                leader.kill9()
                try await Self.waitUntilLeading(standby, limit: .seconds(30))
                seconds.append((ContinuousClock.now - killedAt).seconds)
                await leader.stop()
                leader = standby
                standby = try await replica()
            }
            for server in started { await server.stop() }
            database.drop(location)
            let worst = seconds.max() ?? .infinity
            return [
                ResultRow(scenario: "leader failover, 2 replicas", measure: "kill -9 of the leader → the other logs that it leads, \(failovers) rounds, p50 / max", value: String(format: "%.2f s / %.2f s", Stats.percentile(seconds, 50), worst), target: "< 15 s", passed: worst < 15),
            ]
        } catch {
            for server in started { await server.stop() }
            database.drop(location)
            throw error
        }
    }

    /// Polls `server`'s log every 10 ms until it says it leads.
    private static func waitUntilLeading(_ server: BenchServer, limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let path = server.logPath, let log = try? String(contentsOfFile: path, encoding: .utf8), log.contains("this server is the leader") { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw BenchError("no replica took the leader lease within \(limit)")
    }
}
