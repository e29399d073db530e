import Agent
import Core
import Foundation
import Testing
import TestSupport

/// Stopping jobs (cancel directive, timeout, job_not_held), surviving an absent server,
/// and running jobs side by side.
@Suite(.timeLimit(.minutes(2)))
struct AgentControlTests {
    /// A command that starts two background sleeps and records every pid, then waits.
    static func sleeperCommand(_ directory: String) -> String {
        "sleep 300 & echo $! > \(directory)/p1; sleep 300 & echo $! > \(directory)/p2; echo $$ > \(directory)/sh; wait"
    }

    /// Waits until the sleeper command wrote its three pids and returns them.
    static func sleeperPIDs(_ directory: String) async throws -> [Int32] {
        try await waitUntil("the command's pid files") {
            ["p1", "p2", "sh"].allSatisfy { readPID(directory + "/" + $0) != nil }
        }
        return ["p1", "p2", "sh"].compactMap { readPID(directory + "/" + $0) }
    }

    @Test func cancelDirectiveKillsTheCommandAndItsChildren() async throws {
        let workdir = try TemporaryDirectory()
        let pids = try TemporaryDirectory("pids")
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(10, commands: [Self.sleeperCommand(pids.path), "echo never"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let running = try await Self.sleeperPIDs(pids.path)
                #expect(running.allSatisfy(isAlive))
                await server.state.cancel(10)
                let outcome = try await waitForOutcome(server, 10)
                #expect(outcome.state == .canceled)
                try await waitUntil("every process of the group to be gone", limit: .seconds(10)) {
                    !running.contains(where: isAlive)
                }
            }
            let log = await server.state.log(10)
            #expect(!log.contains("never\n"))
            #expect(log.components(separatedBy: "mobile-ops-agent: job canceled").count == 2, "the log says it once:\n\(log)")
        }
    }

    @Test func timeoutKillsTheGroupAndFinishesTimedOut() async throws {
        let workdir = try TemporaryDirectory()
        let pids = try TemporaryDirectory("pids")
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(11, commands: [Self.sleeperCommand(pids.path)], timeoutSeconds: 1.5))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let running = try await Self.sleeperPIDs(pids.path)
                let outcome = try await waitForOutcome(server, 11)
                #expect(outcome.state == .timedOut)
                try await waitUntil("every process of the group to be gone", limit: .seconds(10)) {
                    !running.contains(where: isAlive)
                }
            }
            #expect((await server.state.log(11)).contains("timed out"))
        }
    }

    @Test func jobNotHeldStopsTheJobAndTheAgentMovesOn() async throws {
        let workdir = try TemporaryDirectory()
        let pids = try TemporaryDirectory("pids")
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(12, commands: [Self.sleeperCommand(pids.path)]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let running = try await Self.sleeperPIDs(pids.path)
                await server.state.release(12)
                try await waitUntil("the processes of the released job to be gone", limit: .seconds(10)) {
                    !running.contains(where: isAlive)
                }
                await server.state.enqueue(makeJob(13, commands: ["echo next"]))
                try await expectState(server, 13, .passed)
            }
            #expect(await server.state.outcome(12) == nil, "a job the server gave away is not finished")
        }
    }

    @Test func agentWaitsForAServerThatStartsLater() async throws {
        let workdir = try TemporaryDirectory()
        let port = try await FakeAgentServer.closedPort()
        let url = "http://127.0.0.1:\(port)"
        let state = FakeAgentState()
        try await withAgent(server: url, workDirectory: workdir.path) {
            // Nothing listens yet: the agent keeps retrying registration with backoff.
            try await Task.sleep(for: .milliseconds(800))
            try await FakeAgentServer.run(port: port, state: state) { server in
                await server.state.enqueue(makeJob(20, commands: ["echo hello"]))
                try await expectState(server, 20, .passed)
            }
            // The server goes away again, and comes back: the agent polls on.
            try await Task.sleep(for: .milliseconds(500))
            try await FakeAgentServer.run(port: port, state: state) { server in
                await server.state.enqueue(makeJob(21, commands: ["echo again"]))
                try await expectState(server, 21, .passed)
            }
        }
        #expect(await state.registrations.count == 1)
    }

    @Test func agentRegistersAgainWhenItsTokenIsRejected() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await waitUntil("the first registration") { await server.state.registrations.count == 1 }
                await server.state.forgetAgents()
                try await waitUntil("a second registration") { await server.state.registrations.count == 2 }
                await server.state.enqueue(makeJob(22, commands: ["echo still-working"]))
                try await expectState(server, 22, .passed)
            }
        }
    }

    @Test func twoSlotsRunTwoJobsAtOnce() async throws {
        let workdir = try TemporaryDirectory()
        let markers = try TemporaryDirectory("markers")
        // Each job passes only if it sees the other's marker while it is still running.
        @Sendable func meet(_ mine: String, _ theirs: String) -> String {
            "touch \(markers.path)/\(mine); i=0; while [ $i -lt 200 ]; do [ -f \(markers.path)/\(theirs) ] && exit 0; sleep 0.05; i=$((i+1)); done; exit 1"
        }
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(30, commands: [meet("a", "b")]))
            await server.state.enqueue(makeJob(31, commands: [meet("b", "a")]))
            try await withAgent(server: server.url, workDirectory: workdir.path, slots: 2) {
                try await expectState(server, 30, .passed)
                try await expectState(server, 31, .passed)
            }
        }
    }
}
