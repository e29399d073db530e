import Foundation
import GRDB
import HTTPClient
import Testing

/// A real server whose database and artifacts live on a 24 MB tmpfs that the test fills:
/// writes are refused with 503 `storage_full`, reads and `/healthz` keep answering, the
/// server recovers by itself when space returns, and the file is whole afterwards, with
/// every write that was answered 2xx in it.
@Suite(
    "End to end: a full disk", .serialized, .timeLimit(.minutes(2)),
    .enabled("needs to mount a tmpfs: run as root (CI does) or with passwordless sudo") { await SmallFilesystem.unavailableReason() == nil }
)
struct DiskFullTests {
    /// The repository the deliveries name.
    static let repository = "acme/disk"
    /// The repository dimension of the build reports.
    static let reportRepository = "acme/disk-reports"
    /// One step for an iOS agent: each delivery makes one build with one job.
    static let pipeline = """
        name: disk
        triggers:
          push:
            branches: [main]
        steps:
          - key: build
            command: echo build
            agents:
              platform: ios
        """

    /// What the server answered 2xx, to find in the file after the server has stopped.
    struct Accepted {
        var deliveries: [Int: (delivery: Int, build: Int)] = [:]
        var reports: [Int: Int] = [:]
        var artifacts: [Int: Int] = [:]

        mutating func add(deliveries answers: [Int: HTTPResponse]) {
            for (index, response) in answers {
                let object = DiskFullTests.object(response.body)
                deliveries[index] = (object["delivery"] as? Int ?? -1, (object["builds"] as? [Int])?.first ?? -1)
            }
        }

        mutating func add(reports answers: [Int: HTTPResponse]) {
            for (index, response) in answers { reports[index] = DiskFullTests.object(response.body)["id"] as? Int ?? -1 }
        }

        mutating func add(artifacts answers: [Int: HTTPResponse]) {
            for (index, response) in answers { artifacts[index] = DiskFullTests.object(response.body)["id"] as? Int ?? -1 }
        }
    }

    @Test("on a full disk writes answer 503 storage_full with Retry-After and store nothing; reads answer; writes work again once space is freed; the file is whole")
    func fullDisk() async throws {
        let disk = try await SmallFilesystem(megabytes: 24)
        defer { disk.remove() }
        let fleet = try Fleet()
        defer { fleet.stop() }
        fleet.database = disk.folder.appendingPathComponent("db.sqlite")
        // A long lease: the agent below sends no heartbeat while its job's artifacts upload.
        try await fleet.startServer(pipeline: Self.pipeline, leaseSeconds: 600)
        let client = fleet.http, base = fleet.url
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "\#(Self.repository)", "provider": "github", "cloneURL": "file:///nonexistent", "webhookSecret": "\#(Fleet.secret)"}"#)

        // Before: one of each write, and an agent holding a job to upload artifacts to.
        var accepted = Accepted()
        let delivered = try await client.execute(Self.delivery(base, 0))
        #expect(delivered.status == 202, "\(delivered.bodyText)")
        accepted.add(deliveries: [0: delivered])
        let reported = try await client.execute(Self.report(base, 0))
        #expect(reported.status == 201, "\(reported.bodyText)")
        accepted.add(reports: [0: reported])
        let (job, agentToken) = try await holdJob(fleet)
        let uploaded = try await client.execute(Self.artifact(base, 0, job: job, agentToken: agentToken))
        #expect(uploaded.status == 201, "\(uploaded.bodyText)")
        accepted.add(artifacts: [0: uploaded])

        // Full: every kind of write is refused, the same way.
        let ballast = try disk.fill()
        let deliveries = try await Self.writeUntilRefused(client, "delivery", first: 1, success: 202) { Self.delivery(base, $0) }
        accepted.add(deliveries: deliveries.accepted)
        let reports = try await Self.writeUntilRefused(client, "report", first: 1, success: 201) { Self.report(base, $0) }
        accepted.add(reports: reports.accepted)
        let artifacts = try await Self.writeUntilRefused(client, "artifact", first: 1, success: 201) {
            Self.artifact(base, $0, job: job, agentToken: agentToken)
        }
        accepted.add(artifacts: artifacts.accepted)
        try await checkReads(client, base, accepted, job: job)

        // Space returns: the refused writes, sent again, are stored as new, with no restart.
        try FileManager.default.removeItem(at: ballast)
        let redelivered = try await client.execute(Self.delivery(base, deliveries.refused ?? deliveries.next))
        #expect(redelivered.status == 202, "a refused delivery sent again after space returned: \(redelivered.status) \(redelivered.bodyText)")
        accepted.add(deliveries: [deliveries.refused ?? deliveries.next: redelivered])
        let rereported = try await client.execute(Self.report(base, reports.refused ?? reports.next))
        #expect(rereported.status == 201, "a refused report sent again after space returned: \(rereported.status) \(rereported.bodyText)")
        accepted.add(reports: [reports.refused ?? reports.next: rereported])
        let reuploaded = try await client.execute(Self.artifact(base, artifacts.refused ?? artifacts.next, job: job, agentToken: agentToken))
        #expect(reuploaded.status == 201, "a refused artifact sent again after space returned: \(reuploaded.status) \(reuploaded.bodyText)")
        accepted.add(artifacts: [artifacts.refused ?? artifacts.next: reuploaded])
        try await checkReads(client, base, accepted, job: job)
        print("disk full: accepted \(accepted.deliveries.count) deliveries, \(accepted.reports.count) reports, \(accepted.artifacts.count) artifacts in all")

        await fleet.stopServer()
        try checkFile(at: fleet.database, accepted)
    }

    /// Registers an agent and takes the one pending job; returns the job and the agent's token.
    private func holdJob(_ fleet: Fleet) async throws -> (job: Int, token: String) {
        let registration = try await fleet.http.execute(HTTPRequest(
            method: .post, url: fleet.url + "/api/v1/agents/register",
            headers: ["Authorization": "Bearer \(fleet.registrationToken)", "Content-Type": "application/json"],
            text: #"{"name": "disk-mac", "tags": {"platform": "ios"}, "slots": 1}"#
        ))
        let token = try #require(Self.object(registration.body)["token"] as? String, "\(registration.bodyText)")
        let next = try await fleet.http.execute(HTTPRequest(
            method: .post, url: fleet.url + "/api/v1/agent/jobs/next?wait=0", headers: ["Authorization": "Bearer \(token)"]
        ))
        let job = try #require(Self.object(next.body)["jobID"] as? Int, "\(next.status) \(next.bodyText)")
        return (job, token)
    }

    /// Everything accepted so far reads back whole, and the server says it is alive.
    private func checkReads(_ client: HTTPClient, _ base: String, _ accepted: Accepted, job: Int) async throws {
        for (index, answer) in accepted.deliveries {
            let build = try await client.execute(Self.get(base, "/api/v1/builds/\(answer.build)"))
            #expect(build.status == 200 && Self.object(build.body)["commitSHA"] as? String == Self.sha(index), "build \(answer.build): \(build.status) \(build.bodyText.prefix(300))")
        }
        let summary = try await client.execute(Self.get(base, "/api/v1/metrics/summary?window=7d&repository=\(Self.reportRepository)"))
        let current = (Self.object(summary.body)["groups"] as? [[String: Any]])?.first?["current"] as? [String: Any]
        #expect(summary.status == 200 && current?["count"] as? Int == accepted.reports.count, "summary: \(summary.status) \(summary.bodyText.prefix(300))")
        let listed = try await client.execute(Self.get(base, "/api/v1/jobs/\(job)/artifacts"))
        #expect(listed.status == 200 && (Self.object(listed.body)["artifacts"] as? [Any])?.count == accepted.artifacts.count, "\(listed.bodyText.prefix(300))")
        for (index, id) in accepted.artifacts {
            let download = try await client.execute(Self.get(base, "/api/v1/artifacts/\(id)"))
            #expect(download.status == 200 && download.body == Self.artifactBytes(index), "artifact \(id): \(download.status), \(download.body.count) bytes")
        }
        let health = try await client.execute(HTTPRequest(url: base + "/healthz"))
        #expect(health.status == 200)
        // Ready: reads work and writes recover by themselves (see docs/operations.md).
        let ready = try await client.execute(HTTPRequest(url: base + "/readyz"))
        #expect(ready.status == 200, "\(ready.bodyText)")
    }

    /// With the server stopped: SQLite finds the file whole, every accepted write is in it,
    /// every build has its job, and no partial upload is left behind.
    private func checkFile(at database: URL, _ accepted: Accepted) throws {
        let queue = try DatabaseQueue(path: database.path)
        defer { try? queue.close() }
        try queue.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let deliveries = Set(try Int.fetchAll(db, sql: "SELECT id FROM webhookDelivery"))
            #expect(deliveries == Set(accepted.deliveries.values.map(\.delivery)), "stored deliveries \(deliveries.sorted()), accepted \(accepted.deliveries.values.map(\.delivery).sorted())")
            let builds = Set(try Int.fetchAll(db, sql: "SELECT id FROM build"))
            #expect(builds == Set(accepted.deliveries.values.map(\.build)), "stored builds \(builds.sorted())")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM build WHERE id NOT IN (SELECT buildID FROM job)") == 0, "a build without its job")
            let reports = Set(try Int.fetchAll(db, sql: "SELECT id FROM metricBuild"))
            #expect(reports == Set(accepted.reports.values), "stored reports \(reports.sorted()), accepted \(accepted.reports.values.sorted())")
            let artifacts = Set(try Int.fetchAll(db, sql: "SELECT id FROM artifact"))
            #expect(artifacts == Set(accepted.artifacts.values), "stored artifacts \(artifacts.sorted()), accepted \(accepted.artifacts.values.sorted())")
        }
        let incoming = database.deletingLastPathComponent().appendingPathComponent("artifacts/incoming").path
        #expect((try? FileManager.default.contentsOfDirectory(atPath: incoming)) ?? [] == [], "partial uploads left in \(incoming)")
    }
}
