import ChildProcesses
import Foundation
import HTTPClient
import PostgresSupport
import Testing

/// Two real server processes on one PostgreSQL database behind nginx, with real agents that
/// know only the load balancer's address: every job runs exactly once, and the leader's
/// death under load loses nothing.
@Suite(
    "End to end: two replicas behind nginx", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: ServerBackend.available.contains(.postgres), "needs PostgreSQL (make test installs and starts one)"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"), "needs nginx (make test installs it)")
)
struct LoadBalancedReplicasTests {
    @Test("1,000 builds through the load balancer: both replicas take deliveries and serve agents, and each job runs once")
    func thousandBuildsExactlyOnce() async throws {
        let cluster = try await BalancedCluster.start(jobSeconds: 0, agents: 4)
        defer { cluster.stop() }
        let sent = await cluster.deliver(count: 1_000, senders: 8)
        #expect(sent.failed.isEmpty, "deliveries never acknowledged: \(sent.failed.prefix(10))")
        let builds = sent.builds
        #expect(builds.count == 1_000, "one new build per delivery")

        let runs = try await cluster.waitForRuns(ending: builds.count, limit: .seconds(420))
        #expect(runs.starts.count == builds.count, "jobs started \(runs.starts.count) times for \(builds.count) builds")
        #expect(Set(runs.starts.map(\.job)).count == runs.starts.count, "a job ran twice")
        #expect(Set(runs.starts.map(\.build)) == builds)
        #expect(try await Self.everyBuildPassed(builds, in: cluster))

        // The balancer spread both kinds of work over both replicas.
        let accesses = cluster.balancer.accesses()
        let intake = Set(accesses.filter { $0.path == "/api/v1/webhooks/github" && $0.status == 202 }.map(\.upstream))
        let agentWork = Set(accesses.filter { $0.path.hasPrefix("/api/v1/agent/") && $0.status < 300 }.map(\.upstream))
        #expect(intake.count == 2, "webhooks answered by \(intake)")
        #expect(agentWork.count == 2, "agents served by \(agentWork)")
    }

    @Test("kill -9 of the leader mid-load: the other replica leads, every acknowledged delivery builds, no job runs twice, running jobs finish")
    func leaderKilledUnderLoad() async throws {
        let cluster = try await BalancedCluster.start(jobSeconds: 1, agents: 4)
        defer { cluster.stop() }
        try await MultiReplicaTests.eventually("A leads") { MultiReplicaTests.log(cluster.a).contains("this server is the leader") }
        let leader = try #require(cluster.a.server?.pid)

        // About 25 deliveries a second for 8 s: most arrive after the kill.
        let sender = cluster.sender
        async let delivered = sender.deliver(count: 200, senders: 4, pause: .milliseconds(150))
        // Kill A once jobs are running on agents, some of them reporting through A.
        try await MultiReplicaTests.eventually("jobs are running") { ((try? cluster.runs().starts.count) ?? 0) >= 8 }
        let runningAtKill = try cluster.runs()
        kill(leader, SIGKILL)
        let killedAt = ContinuousClock.now
        // B's takeover is watched beside the deliveries, timed from the kill: waiting for the
        // deliveries first timed their pacing (8 s and more) as well.
        let log = cluster.b.root.appendingPathComponent("server.log")
        async let tookOver: Duration = {
            try await MultiReplicaTests.eventually("B leads", limit: .seconds(60)) {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("this server is the leader")
            }
            return ContinuousClock.now - killedAt
        }()
        let sent = await delivered
        let takeover = try await tookOver
        #expect(takeover < .seconds(15), "B took over \(takeover) after the kill")
        #expect(sent.failed.isEmpty, "deliveries never acknowledged: \(sent.failed.prefix(10))")
        #expect(sent.builds.count == 200, "one build per acknowledged delivery, however often it was sent")

        let runs = try await cluster.waitForRuns(ending: sent.builds.count, limit: .seconds(300))
        #expect(Set(runs.starts.map(\.job)).count == runs.starts.count, "a job ran twice")
        #expect(Set(runs.starts.map(\.build)) == sent.builds, "every acknowledged delivery built")
        let unfinished = Set(runningAtKill.starts.map(\.job)).subtracting(runs.ends)
        #expect(unfinished.isEmpty, "jobs running at the kill that never finished: \(unfinished)")
        #expect(try await Self.everyBuildPassed(sent.builds, in: cluster))
    }

    /// Whether every one of `builds` passed, waiting for it: an agent's command writes its
    /// run's end before the agent reports the job, so the last builds pass a moment after
    /// their runs are seen to end.
    static func everyBuildPassed(_ builds: Set<Int>, in cluster: BalancedCluster) async throws -> Bool {
        var states: [String: Int] = [:]
        try await MultiReplicaTests.eventually("every build passed", limit: .seconds(60)) {
            states = (try? await cluster.states(of: builds)) ?? [:]
            return states == ["passed": builds.count]
        }
        if states != ["passed": builds.count] { Issue.record("build states: \(states)") }
        return states == ["passed": builds.count]
    }
}
