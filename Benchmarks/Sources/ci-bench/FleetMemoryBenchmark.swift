import Foundation

/// The server's resident memory idle, then with 1,000 agents registered and long-polling.
struct FleetMemoryBenchmark {
    let serverBinary: String
    var agents = 1_000

    func run() async throws -> [ResultRow] {
        try await BenchServer.with(binary: serverBinary, pipelines: ["dispatch.yml": DispatchBenchmark.pipeline]) { server in
            try await Task.sleep(for: .seconds(1))
            let idle = server.rssKiB
            let fleet = try await AgentFleet(server: server, count: agents, tags: ["platform": "bench"])
            let polling = Task { await fleet.run() }
            defer { polling.cancel() }
            while fleet.pollCount < agents { try await Task.sleep(for: .milliseconds(50)) }
            // Sample while every poll is parked (the server holds them ~25 s).
            var peak = 0
            for _ in 0..<20 {
                try await Task.sleep(for: .milliseconds(250))
                peak = max(peak, server.rssKiB)
            }
            return [
                ResultRow(scenario: "memory", measure: "server RSS idle", value: Stats.mib(idle), target: "-", passed: nil),
                ResultRow(scenario: "memory", measure: "server RSS, \(agents) agents long-polling (peak of 20 samples)", value: Stats.mib(peak), target: "< 150 MB", passed: Double(peak) * 1024 < 150e6),
            ]
        }
    }
}
