import Foundation
import Testing

/// A `devices:` step of one job reaches the devices of an agent that started after the step
/// was running: the idle agent joins the run with a job of its own and its devices take
/// batches from the same queue (real agent processes, the strict adb fake first on their PATH).
@Suite("End to end: an agent joins a running devices: step", .serialized, .timeLimit(.minutes(4)))
struct DeviceJoinEndToEndTests {
    @Test("a step of one job: a second agent, started once the step has its queue, joins and its emulators run batches; every test a verdict",
          arguments: ServerBackend.available)
    func secondAgentJoins(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, sha) = try await fleet.makeRepository(on: backend)
        let root = fleet.root.path
        let tests = (1...4).flatMap { screen in (1...10).map { "com.acme.ui.Screen\(screen)Test#case\($0)" } }
        try DeviceStepSetup.writeAndroidInputs(root: root, tests: tests, behaviour: "")
        let pipeline = DeviceStepSetup.androidInstrumentationPipeline(root: root, count: 4)
        try await fleet.startServer(pipeline: pipeline, leaseSeconds: 10, registering: "acme/ui", clonedFrom: repository)

        let shared = DeviceStepSetup.fakeTestEnvironment(root: root)
        let toolsByAgent = try DeviceStepSetup.emulatorAgents(fleet, ["first", "joiner"], serials: ["emulator-5554", "emulator-5556"])
        let first = try #require(toolsByAgent["first"]), joiner = try #require(toolsByAgent["joiner"])
        // The first agent's emulators are slow (a second a test): alone they would take 20 s,
        // leaving the queue with tests for a long while after the joiner starts.
        for serial in ["emulator-5554", "emulator-5556"] { try first.android(serial, "delay", "1") }
        try fleet.startAgent("first", tags: ["devices=android"], pollWait: 1, environment: first.environment.merging(shared) { $1 })
        try await MultiReplicaTests.eventually("the first agent reports its emulators") { (try? await DeviceBatchEndToEndTests.devices(fleet))?.count == 2 }

        let buildID = try #require(try await fleet.push(repository: "acme/ui", sha: sha).first)
        try await MultiReplicaTests.eventually("the step has its queue") {
            let runs = (try? await fleet.call("GET", "/api/v1/builds/\(buildID)/device-runs"))?["runs"] as? [[String: Any]]
            return runs?.isEmpty == false
        }
        try fleet.startAgent("joiner", tags: ["devices=android"], pollWait: 1, environment: joiner.environment.merging(shared) { $1 })

        let done = try await fleet.waitForBuild(buildID, limit: .seconds(180)) { ["passed", "failed", "canceled"].contains($0["state"] as? String) }
        #expect(done["state"] as? String == "passed", "\(done)")
        let labels = (done["jobs"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["ui-tests", "ui-tests (joined on joiner)"], "\(labels)")
        let run = try await DeviceBatchEndToEndTests.run(fleet, build: buildID)
        let verdicts = (run["tests"] as? [[String: Any]] ?? []).map { $0["verdict"] as? String ?? "none" }
        #expect(verdicts.count == 40 && verdicts.allSatisfy { $0 == "passed" }, "\(verdicts)")
        let agents = try await AgentStopTests.agents(fleet)
        let joinerID = try #require(agents["joiner"]?["id"] as? Int)
        let batches = run["batches"] as? [[String: Any]] ?? []
        let joined = batches.filter { ($0["device"] as? [String: Any])?["agentID"] as? Int == joinerID }
        #expect(joined.contains { $0["outcome"] as? String == "finished" }, "the joiner's emulators ran batches: \(batches)")
        let calls = first.calls() + joiner.calls()
        #expect(!calls.contains("REFUSED"), "\(calls.split(separator: "\n").filter { $0.contains("REFUSED") }.prefix(5))")
    }
}
