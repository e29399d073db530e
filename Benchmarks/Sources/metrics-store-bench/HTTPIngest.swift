import BuildMetrics
import ChildProcesses
import Foundation
import HTTPClient

/// The same goals over HTTP against a release `mobile-ops-server` (started here on a free
/// port with a fresh database): `POST /api/v1/metrics/builds` with 200-task reports from
/// several concurrent clients, then `GET /api/v1/metrics/summary` and `/api/v1/dashboard`.
enum HTTPIngest {
    static let adminToken = "bench-admin-token-0123456789abcdef"

    static func run(binary: String, reports count: Int, concurrency: Int) async throws {
        let folder = NSTemporaryDirectory() + "metrics-store-bench-http-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/pipelines", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = 20_000 + Int.random(in: 0..<20_000)
        let url = "http://127.0.0.1:\(port)"
        let launch = ProcessLaunch.command(binary, [
            "--host", "127.0.0.1", "--port", "\(port)", "--database", folder + "/db.sqlite", "--pipelines", folder + "/pipelines",
            "--admin-token", adminToken, "--log-level", "warning",
        ])
        let process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: "/dev/stderr")
        defer { if process.isRunning { process.signal(SIGTERM) } }
        let client = HTTPClient()
        var ready = false
        for _ in 0..<300 where !ready {
            if let response = try? await client.execute(HTTPRequest(url: url + "/readyz", timeout: .seconds(1))), response.status == 200 {
                ready = true
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        guard ready else { print("  the server did not become ready"); return }

        var workload = Workload(seed: 7)
        let now = Date()
        let bodies = try (0..<count).map { index in
            Array(try workload.report(finishedAt: now.addingTimeInterval(-Double(index) * 30), taskCount: 200).encoded())
        }
        let headers: HTTPHeaders = ["Authorization": "Bearer \(adminToken)", "Content-Type": "application/json"]
        print("http ingest: \(count) reports × 200 tasks (\(bodies[0].count / 1024) KiB each), \(concurrency) concurrent clients")
        let start = ContinuousClock.now
        let failures = await withTaskGroup(of: Int.self) { group -> Int in
            for lane in 0..<concurrency {
                group.addTask {
                    var failed = 0
                    for index in stride(from: lane, to: bodies.count, by: concurrency) {
                        let request = HTTPRequest(method: .post, url: url + "/api/v1/metrics/builds", headers: headers, body: bodies[index])
                        let status = (try? await client.execute(request))?.status ?? 0
                        if status != 201 { failed += 1 }
                    }
                    return failed
                }
            }
            return await group.reduce(0, +)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "  %.0f reports/s (%d failed)  (goal ≥ 500)", Double(count) / seconds, failures))

        for (name, path) in [("GET summary?window=30d&groupBy=pipeline", "/api/v1/metrics/summary?window=30d&groupBy=pipeline"), ("GET dashboard", "/api/v1/dashboard")] {
            var timings = Timings()
            for _ in 0..<100 {
                let request = HTTPRequest(url: url + path, headers: ["Authorization": "Bearer \(adminToken)"])
                let started = ContinuousClock.now
                _ = try await client.execute(request)
                let took = ContinuousClock.now - started
                timings.samples.append(Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15)
            }
            print("  " + timings.line(name))
        }
        await client.shutdown()
    }
}
