import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// A stopping server ends a followed log's stream and says why, so the follower (a person at
/// `mobile-ops builds logs --follow`) knows the log goes on and can follow it on another server;
/// and the follow does not hold the server past its grace period.
@Suite("End to end: following a log while the server stops", .serialized, .timeLimit(.minutes(2)))
struct LogFollowShutdownTests {
    @Test("SIGTERM ends a followed log's stream with a note saying so, and the server exits while the job still runs")
    func followEndsOnShutdown() async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await fleet.startServer(pipeline: MultiReplicaTests.pipeline.replacingOccurrences(
            of: #"echo "built on $MOBILE_OPS_AGENT_NAME""#, with: "echo started; sleep 60"))
        let (repository, sha) = try await fleet.makeRepository()
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/follow", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
        try fleet.startAgent("linux", tags: ["platform=android"])
        let buildID = try #require(try await fleet.push(repository: "acme/follow", sha: sha).first)
        let running = try await fleet.waitForBuild(buildID, limit: .seconds(30)) { build in
            (build["jobs"] as? [[String: Any]])?.first?["state"] as? String == "running"
        }
        let job = try #require((running["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
        let response = try await fleet.http.stream(HTTPClient.Request(
            url: fleet.url + "/api/v1/jobs/\(job)/log?follow=true", headers: ["Authorization": "Bearer \(Fleet.adminToken)"], timeout: .seconds(90)))
        #expect(response.status == 200)
        let server = try #require(fleet.server)
        let stoppedAt = ContinuousClock.now
        var text = "", signalled = false
        for try await chunk in response.body {
            text += String(decoding: chunk, as: UTF8.self)
            if !signalled, text.split(separator: "\n").contains("started") {
                server.signal(SIGTERM)
                signalled = true
            }
        }
        #expect(signalled, "the job's first line never arrived: \(text)")
        #expect(text.contains("[mobile-ops: this server is stopping; follow the log again to go on]"))
        _ = await server.wait()
        // The job sleeps a minute; a follow that held the shutdown would end only with it.
        let took = ContinuousClock.now - stoppedAt
        #expect(took < .seconds(30), "the server took \(took) to stop")
    }
}
