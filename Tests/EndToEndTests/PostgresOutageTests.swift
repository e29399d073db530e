import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// A real server on a PostgreSQL cluster of its own that goes away and comes back: the server
/// keeps running, says it is not ready, refuses work with a clear 503, and recovers by itself.
@Suite(
    "End to end: PostgreSQL lost and back", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: ServerBackend.available.contains(.postgres), "needs PostgreSQL (make test installs and starts one)")
)
struct PostgresOutageTests {
    static let pipeline = """
        name: e2e
        steps:
          - key: build
            command: echo build
        """

    /// The repository's throwaway-cluster script.
    static var clusterScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PostgreSQL/cluster.sh").path
    }

    /// Runs `cluster.sh command folder`, failing the test with its output when it fails.
    static func cluster(_ command: String, _ folder: String) async throws -> String {
        let output = try await Command.run(.command("bash", [clusterScript, command, folder]))
        guard output.status == .exited(0) else { throw Fleet.FleetError.timedOut("cluster.sh \(command): \(output.errorText)") }
        return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("readiness turns 503 while PostgreSQL is down, requests answer 503 database_unavailable, and both recover when it is back")
    func outageAndRecovery() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-outage-\(UUID().uuidString)").path
        let url = try await Self.cluster("start", folder)
        // The cluster is stopped whatever happens (a `defer` cannot await the script).
        do {
            let fleet = try Fleet()
            defer { fleet.stop() }
            fleet.postgresURL = url
            try await fleet.startServer(pipeline: Self.pipeline)
            #expect(try await status(fleet, "/readyz") == 200)

            _ = try await Self.cluster("pause", folder)
            try await eventually("readiness says not ready") { (try? await status(fleet, "/readyz")) == 503 }
            let refused = try await fleet.http.execute(HTTPClient.Request(
                method: .post, url: fleet.url + "/api/v1/repositories",
                headers: ["Authorization": "Bearer \(Fleet.adminToken)", "Content-Type": "application/json"],
                text: #"{"name": "acme/outage", "provider": "github", "cloneURL": "https://github.com/acme/outage.git"}"#, timeout: .seconds(20)
            ))
            #expect(refused.status == 503, "\(refused.bodyText)")
            #expect(refused.bodyText.contains("database_unavailable"), "\(refused.bodyText)")
            #expect(refused.headers["Retry-After"] == "5")
            // The served document, which needs no database, lists this refusal.
            #expect(try await Self.documented503Codes(fleet, "post", "/api/v1/repositories").contains("database_unavailable"))
            #expect(fleet.server?.isRunning == true)

            _ = try await Self.cluster("resume", folder)
            try await eventually("readiness comes back") { (try? await status(fleet, "/readyz")) == 200 }
            let created = try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/outage", "provider": "github", "cloneURL": "https://github.com/acme/outage.git"}"#)
            #expect(created["name"] as? String == "acme/outage", "\(created)")

            // And it still shuts down when asked: nothing it holds on the database waits forever.
            // And cleanly: a server that has to cut its shutdown short exits with status 4 after
            // 25 s, which stopServer records as a failure.
            let stoppedAt = ContinuousClock.now
            await fleet.stopServer(within: .seconds(45))
            print("outage test: the server exited \(ContinuousClock.now - stoppedAt) after SIGTERM")
        } catch {
            _ = try? await Self.cluster("stop", folder)
            throw error
        }
        _ = try? await Self.cluster("stop", folder)
    }

    /// The `x-mobile-ops-codes` of the shared 503 response the served document gives `method path`.
    static func documented503Codes(_ fleet: Fleet, _ method: String, _ path: String) async throws -> [String] {
        let answer = try await fleet.http.execute(HTTPClient.Request(url: fleet.url + "/api/v1/openapi.json", timeout: .seconds(10)))
        let document = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        let operation = ((document?["paths"] as? [String: Any])?[path] as? [String: Any])?[method] as? [String: Any]
        let reference = ((operation?["responses"] as? [String: Any])?["503"] as? [String: Any])?["$ref"] as? String ?? ""
        let responses = (document?["components"] as? [String: Any])?["responses"] as? [String: Any]
        let shared = responses?[reference.replacingOccurrences(of: "#/components/responses/", with: "")] as? [String: Any]
        return shared?["x-mobile-ops-codes"] as? [String] ?? []
    }

    /// The status of an unauthenticated GET.
    private func status(_ fleet: Fleet, _ path: String) async throws -> Int {
        try await fleet.http.execute(HTTPClient.Request(url: fleet.url + path, timeout: .seconds(10))).status
    }

    /// Waits until `condition` holds, at most `limit`.
    private func eventually(_ what: String, limit: Duration = .seconds(30), _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("timed out waiting: \(what)")
        throw Fleet.FleetError.timedOut(what)
    }
}
