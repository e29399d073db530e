import Agent
import Core
import Foundation
import HTTPClient
import Logging
import Testing
import TestSupport

/// The agent against the fake server: registration, passing and failing jobs, logs, env.
@Suite(.timeLimit(.minutes(2)))
struct AgentJobTests {
    @Test func registersWithNameTagsAndSlots() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            try await withAgent(server: server.url, workDirectory: workdir.path, slots: 2) {
                try await waitUntil("a poll") { await server.state.pollCount > 0 }
            }
            let registration = try #require(await server.state.registrations.first)
            #expect(registration.name == "test-agent")
            #expect(registration.tags == ["platform": "linux", "xcode": "none"])
            #expect(registration.slots == 2)
            #expect(registration.version != nil)
        }
    }

    @Test func wrongRegistrationTokenEndsTheRun() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            var configuration = testConfiguration(server: server.url, workDirectory: workdir.path)
            configuration.registrationToken = "wrong"
            let client = HTTPClient()
            var logger = Logger(label: "AgentTests.agent")
            logger.logLevel = .critical
            let runner = AgentRunner(configuration: configuration, client: client, logger: logger)
            let error = await #expect(throws: AgentRunError.self) {
                try await withTimeLimit(.seconds(20)) { try await runner.run() }
            }
            await client.shutdown()
            #expect(error?.description.contains("401") == true)
        }
    }

    @Test func passingJobStreamsItsLogInOrderAndBatched() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(1, commands: ["echo first", "i=1; while [ $i -le 1000 ]; do echo line-$i; i=$((i+1)); done"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 1)
                #expect(outcome.state == .passed)
                #expect(outcome.exitStatus == 0)
                #expect(outcome.commandDurations.count == 2)
            }
            let log = await server.state.log(1)
            let lines = log.split(separator: "\n").filter { $0.hasPrefix("line-") }
            #expect(lines == (1...1000).map { "line-\($0)"[...] })
            #expect(log.contains("first\n"))
            let sequences = await server.state.sequences(1)
            #expect(sequences == Array(0..<sequences.count))
            let requests = await server.state.logRequests[1] ?? 0
            #expect(requests >= 1 && requests < 50, "\(requests) log requests for 1,000 lines")
            #expect(await server.state.startedJobs == [1])
        }
    }

    @Test func failingCommandStopsTheJobWithItsStatus() async throws {
        let workdir = try TemporaryDirectory()
        let markers = try TemporaryDirectory("markers")
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(2, commands: ["echo before", "echo oops >&2; exit 3", "touch \(markers.path)/later"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 2)
                #expect(outcome.state == .failed)
                #expect(outcome.exitStatus == 3)
                #expect(outcome.commandDurations.count == 2)
            }
            #expect(!FileManager.default.fileExists(atPath: markers.path + "/later"))
            let log = await server.state.log(2)
            #expect(log.contains("before\n"))
            #expect(log.contains("oops\n"), "stderr is in the log")
        }
    }

    @Test func environmentReachesCommands() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            let env = ["MOBILE_OPS_SHARD_INDEX": "2", "MOBILE_OPS_SHARD_COUNT": "4", "SCHEME": "App Tests"]
            let command = #"echo "shard=$MOBILE_OPS_SHARD_INDEX/$MOBILE_OPS_SHARD_COUNT scheme=$SCHEME job=$MOBILE_OPS_JOB_ID build=$MOBILE_OPS_BUILD_ID number=$MOBILE_OPS_BUILD_NUMBER pipeline=$MOBILE_OPS_PIPELINE ci=$CI"; echo "ws=$MOBILE_OPS_WORKSPACE pwd=$(pwd)""#
            await server.state.enqueue(makeJob(3, commands: [command], env: env))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 3, .passed)
            }
            let log = await server.state.log(3)
            #expect(log.contains("shard=2/4 scheme=App Tests job=3 build=103 number=7 pipeline=ios-pr ci=true"))
            let workspace = workdir.path + "/jobs/3"
            #expect(log.contains("ws=\(workspace) pwd=\(workspace)"))
        }
    }

    @Test func badAnswersAreSkipped() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            await server.state.enqueueRaw("{ this is not json")
            await server.state.enqueueRaw(#"{"jobID": "nope"}"#)
            await server.state.enqueue(makeJob(4, commands: ["true"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 4, .passed)
            }
        }
    }

    @Test func matchingArtifactsAreUploaded() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            let job = makeJob(5, commands: ["mkdir -p 'build/out dir' && echo x > 'build/out dir/App.ipa' && echo y > notes.txt"], artifacts: ["build/*/*.ipa"])
            await server.state.enqueue(job)
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 5, .passed)
            }
            let uploaded = await server.state.artifacts[5] ?? [:]
            #expect(uploaded == ["build/out dir/App.ipa": Array("x\n".utf8)])
            #expect((await server.state.log(5)).contains("uploaded build/out dir/App.ipa"))
        }
    }
}
