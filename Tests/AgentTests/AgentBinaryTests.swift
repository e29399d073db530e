import ChildProcesses
import Core
import Foundation
import Testing
import TestSupport

/// The real `mobile-ops-agent` executable against the fake server.
@Suite(.timeLimit(.minutes(2)))
struct AgentBinaryTests {
    /// The executable beside the test bundle in the build folder.
    static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("mobile-ops-agent")
    }

    @Test func binaryRunsAJobAndStopsOnSIGTERM() async throws {
        let workdir = try TemporaryDirectory()
        let pids = try TemporaryDirectory("pids")
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(50, commands: ["echo from-the-binary"]))
            let launch = ProcessLaunch.command(Self.binary.path, [
                "--server", server.url, "--registration-token", FakeAgentServer.registrationToken,
                "--name", "binary-agent", "--tag", "platform=android", "--tag", "sdk=35",
                "--slots", "1", "--workdir", workdir.path, "--poll-wait", "1", "--log-level", "warning",
            ])
            let stderrPath = workdir.path + "/agent.stderr"
            let process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: stderrPath)
            defer { if process.isRunning { kill(process.pid, SIGKILL) } }

            try await expectState(server, 50, .passed)
            #expect((await server.state.log(50)).contains("from-the-binary\n"))
            let registration = try #require(await server.state.registrations.first)
            #expect(registration.name == "binary-agent")
            #expect(registration.tags == ["platform": "android", "sdk": "35"])

            // A long job is running when SIGTERM arrives: its processes must go too.
            await server.state.enqueue(makeJob(51, commands: [AgentControlTests.sleeperCommand(pids.path)]))
            let running = try await AgentControlTests.sleeperPIDs(pids.path)
            kill(process.pid, SIGTERM)
            try await waitUntil("the agent to exit", limit: .seconds(20)) { !process.isRunning }
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            #expect(process.exitStatus == .exited(0), "stderr: \(stderr)")
            #expect(!running.contains(where: isAlive))
            let released = await server.state.outcome(51)
            #expect(released?.state == .lost, "a job interrupted by shutdown is handed back as lost")
        }
    }

    @Test func binaryRejectsABadTag() async throws {
        let launch = ProcessLaunch.command(Self.binary.path, ["--server", "http://127.0.0.1:9", "--registration-token", "t", "--tag", "novalue"])
        let process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: "/dev/null")
        try await waitUntil("the agent to exit", limit: .seconds(20)) { !process.isRunning }
        #expect(process.exitStatus?.isSuccess == false)
    }
}
