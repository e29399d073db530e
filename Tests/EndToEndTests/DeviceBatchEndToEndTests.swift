import Foundation
import Testing

/// Real agent processes run a `devices:` step's UI tests batch by batch on fake devices (the
/// strict adb, simctl, xcodebuild and xcresulttool fakes first on their PATH), against a real
/// server: every test gets a verdict; a device that goes offline mid-batch loses no test and
/// is quarantined; one whose instrumentation crashes loses no test and is not blamed (a crash
/// is no evidence against a device); a test failing one run in two
/// passes on another device and is recorded flaky; a muted test does not fail the build.
@Suite("End to end: UI tests on a pool of devices", .serialized, .timeLimit(.minutes(5)))
struct DeviceBatchEndToEndTests {
    /// The Android fleet's test names: 30 classes of 10 tests.
    static let androidTests = (1...30).flatMap { screen in (1...10).map { "com.acme.ui.Screen\(screen)Test#case\($0)" } }

    /// The step's run as `GET /api/v1/builds/{id}/device-runs` lists it.
    static func run(_ fleet: Fleet, build: Int) async throws -> [String: Any] {
        let runs = try await fleet.call("GET", "/api/v1/builds/\(build)/device-runs")["runs"] as? [[String: Any]] ?? []
        return try #require(runs.first?["run"] as? [String: Any], "\(runs)")
    }

    /// The devices the server lists, by agent name and identifier.
    static func devices(_ fleet: Fleet) async throws -> [String: [String: Any]] {
        let listed = try await fleet.call("GET", "/api/v1/devices")["devices"] as? [[String: Any]] ?? []
        return Dictionary(listed.map { "\($0["agentName"] as? String ?? "?")/\($0["identifier"] as? String ?? "?")" }.enumerated().map { ($0.element, listed[$0.offset]) },
                          uniquingKeysWith: { first, _ in first })
    }

    @Test("two agents, four emulators each, 300 tests: every test a verdict, an offline device quarantined, a crashing instrumentation blamed on no device and no test, a flaky test recorded flaky, a muted test failing nothing",
          arguments: ServerBackend.available)
    func androidFleet(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, sha) = try await fleet.makeRepository(on: backend)
        let root = fleet.root.path
        let flaky = "com.acme.ui.Screen7Test#case3"
        let skipped = "com.acme.ui.Screen9Test#case1"
        let mutedFailing = "com.acme.ui.Screen3Test#case5"
        try DeviceStepSetup.writeAndroidInputs(root: root, tests: Self.androidTests, behaviour: "\(flaky) flaky\n\(skipped) skip\n\(mutedFailing) fail\n")
        let pipeline = DeviceStepSetup.androidInstrumentationPipeline(
            root: root, count: 8, step: ["parallelism: 2"],
            devices: ["retries: {per_test: 2, per_build: 20}", "quarantine_after: 2", "batch_time_limit: 60s"])
        try await fleet.startServer(pipeline: pipeline, leaseSeconds: 10, registering: "acme/ui", clonedFrom: repository)

        let shared = DeviceStepSetup.fakeTestEnvironment(root: root)
        let toolsByAgent = try DeviceStepSetup.emulatorAgents(
            fleet, ["pool-a", "pool-b"], serials: ["emulator-5554", "emulator-5556", "emulator-5558", "emulator-5560"])
        let toolsA = try #require(toolsByAgent["pool-a"]), toolsB = try #require(toolsByAgent["pool-b"])
        // pool-a's emulator-5556 drops off after two tests of its first batch and stays
        // offline; pool-b's emulator-5558 crashes its instrumentation in every batch;
        // pool-b's emulator-5560 is slow.
        try toolsA.android("emulator-5556", "offline-after", "2")
        try toolsB.android("emulator-5558", "crash", "yes")
        try toolsB.android("emulator-5560", "delay", "0.2")
        for (name, tools) in toolsByAgent {
            try fleet.startAgent(name, tags: ["devices=android"], pollWait: 1, environment: tools.environment.merging(shared) { $1 })
        }
        try await MultiReplicaTests.eventually("both agents report their emulators") { (try? await Self.devices(fleet))?.count == 8 }

        // A test that always fails, muted by hand: it runs, is reported, and fails nothing.
        _ = try await fleet.call("POST", "/api/v1/tests/mute", json: #"{"repository": "acme/ui", "name": "\#(mutedFailing)", "reason": "known broken, see #42"}"#)

        let buildID = try #require(try await fleet.push(repository: "acme/ui", sha: sha).first)
        let done = try await fleet.waitForBuild(buildID, limit: .seconds(240)) { ["passed", "failed", "canceled"].contains($0["state"] as? String) }
        let run = try await Self.run(fleet, build: buildID)
        let tests = try #require(run["tests"] as? [[String: Any]])
        let byName = Dictionary(tests.map { ($0["name"] as? String ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(tests.count == 300)
        let verdicts = Dictionary(grouping: tests.map { $0["verdict"] as? String ?? "none" }, by: { $0 }).mapValues(\.count)
        #expect(verdicts["none"] == nil, "every selected test has a verdict: \(verdicts)")
        #expect(verdicts["failed"] == 1, "only the muted test failed: \(verdicts)")
        #expect(byName[mutedFailing]?["verdict"] as? String == "failed")
        #expect(byName[mutedFailing]?["muted"] as? Bool == true)
        #expect((byName[mutedFailing]?["attempts"] as? [Any])?.count == 3, "a muted test still runs, with its retries")
        #expect(done["state"] as? String == "passed", "a muted test does not fail the build: \(done)")

        // The flaky test failed on one device, then passed on another.
        let flakyTest = try #require(byName[flaky])
        #expect(flakyTest["verdict"] as? String == "flaky")
        let attempts = flakyTest["attempts"] as? [[String: Any]] ?? []
        #expect(attempts.map { $0["outcome"] as? String } == ["failed", "passed"], "\(attempts)")
        let devicesTried = attempts.map { ($0["device"] as? [String: Any]).map { "\($0["agentID"] ?? "")/\($0["identifier"] ?? "")" } ?? "" }
        #expect(Set(devicesTried).count == 2, "the retry ran on a different device: \(devicesTried)")
        #expect(byName[skipped]?["verdict"] as? String == "skipped")
        // It flipped on this commit: the rule muted it.
        let muted = try await fleet.call("GET", "/api/v1/tests/muted")["tests"] as? [[String: Any]] ?? []
        #expect(muted.first { $0["name"] as? String == flaky }?["mutedBy"] as? String == "rule", "\(muted)")

        // The offline device's batch went back whole: no test lost, none charged a retry for it.
        let batches = try #require(run["batches"] as? [[String: Any]])
        let agents = try await AgentStopTests.agents(fleet)
        let poolA = try #require(agents["pool-a"]?["id"] as? Int), poolB = try #require(agents["pool-b"]?["id"] as? Int)
        func on(_ agent: Int, _ serial: String) -> ([String: Any]) -> Bool {
            { batch in
                let device = batch["device"] as? [String: Any]
                return device?["agentID"] as? Int == agent && device?["identifier"] as? String == serial
            }
        }
        let offlineBatches = batches.filter(on(poolA, "emulator-5556"))
        #expect(!offlineBatches.isEmpty && offlineBatches.allSatisfy { $0["outcome"] as? String == "device_failed" }, "\(offlineBatches)")
        let firstOffline = try #require(offlineBatches.first)
        let lostTests = (firstOffline["tests"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        for name in lostTests.dropFirst(2) where ![flaky, mutedFailing, skipped].contains(name) {
            #expect(byName[name]?["retries"] as? Int == 0, "\(name) was requeued at no retry's cost")
            #expect(byName[name]?["verdict"] as? String == "passed", "\(name) ran elsewhere")
        }
        // A crashing instrumentation is no evidence against the device: its batches failed,
        // their tests went back, and the device was not charged.
        let crashBatches = batches.filter(on(poolB, "emulator-5558"))
        #expect(!crashBatches.isEmpty && crashBatches.allSatisfy { $0["outcome"] as? String == "failed" }, "\(crashBatches)")
        #expect(crashBatches.allSatisfy { ($0["reason"] as? String)?.contains("Process crashed") == true }, "\(crashBatches)")

        // The offline device is quarantined, with adb's words; the others are not.
        let listed = try await Self.devices(fleet)
        let offline = try #require(listed["pool-a/emulator-5556"])
        #expect((offline["quarantineReason"] as? String)?.contains("device offline") == true, "\(offline)")
        #expect(!((offline["infrastructureFailures"] as? [Any]) ?? []).isEmpty)
        #expect(listed["pool-b/emulator-5558"]?["quarantineReason"] is NSNull, "a crash names no device: \(listed)")
        #expect(listed["pool-a/emulator-5554"]?["quarantineReason"] is NSNull)
        #expect(listed["pool-b/emulator-5560"]?["quarantineReason"] is NSNull, "a slow device is not a broken one")
        // Its agent tried to reset it once (adb reboot), which adb refused for an offline device.
        #expect(toolsA.calls().contains("FAILED adb -s emulator-5556 reboot"), "\(toolsA.calls().split(separator: "\n").filter { $0.contains("5556") }.suffix(5))")

        // A person re-admits the offline device once it is back.
        let readmitted = try await fleet.call("POST", "/api/v1/devices/readmit", json: #"{"agentID": \#(poolA), "platform": "android", "identifier": "emulator-5556"}"#)
        #expect(readmitted["failuresInARow"] as? Int == 0, "\(readmitted)")
        #expect(try await Self.devices(fleet)["pool-a/emulator-5556"]?["quarantineReason"] is NSNull)

        let calls = toolsA.calls() + toolsB.calls()
        #expect(!calls.contains("REFUSED"), "every call was one the tools' documentation allows:\n\(calls.split(separator: "\n").filter { $0.contains("REFUSED") }.prefix(5))")
        #expect(calls.contains("install -r -t \(root)/app.apk"), "the APKs were installed before the first batch")
    }

    @Test("iOS simulators with the xcodebuild runner: a simulator that will not boot and one whose test runner is unreachable are quarantined, reset by their agent (shut down, erased) and re-admitted; every test a verdict",
          arguments: ServerBackend.available)
    func simulators(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, sha) = try await fleet.makeRepository(on: backend)
        let root = fleet.root.path
        let names = (1...4).flatMap { suite in (1...5).map { "AppUITests/Flow\(suite)Tests/test\($0)" } }
        try names.joined(separator: "\n").appending("\n").write(toFile: root + "/tests.txt", atomically: true, encoding: .utf8)
        try "AppUITests/Flow2Tests/test3 flaky\n".write(toFile: root + "/behaviour.txt", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: root + "/App.xctestrun", contents: Data("<plist/>".utf8))
        let pipeline = DeviceStepSetup.pipeline(name: "ios-ui", platform: "ios", step: [
            "devices:", "  platform: ios", "  min_os: 17", "  count: 3", "  xctestrun: \(root)/App.xctestrun", "  tests: cat \(root)/tests.txt",
            "  quarantine_after: 1", "runner: xcodebuild",
        ])
        try await fleet.startServer(pipeline: pipeline, leaseSeconds: 10, registering: "acme/ios", clonedFrom: repository)
        let tools = try FakeDeviceTools(in: fleet.root)
        let udids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"]
        let entries = udids.enumerated().map { index, udid in
            #"{"udid" : "\#(udid)", "isAvailable" : true, "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-15", "state" : "Shutdown", "name" : "iPhone 15 (\#(index))"}"#
        }
        try tools.simulatorsJSON(#"{"devices" : {"com.apple.CoreSimulator.SimRuntime.iOS-17-0" : [\#(entries.joined(separator: ", "))]}}"#)
        let xcode = fleet.root.appendingPathComponent("xcode-state")
        for (udid, flag) in [(udids[1], "no-boot"), (udids[2], "no-runner")] {
            try FileManager.default.createDirectory(at: xcode.appendingPathComponent(udid), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: xcode.appendingPathComponent("\(udid)/\(flag)").path, contents: Data())
        }
        var environment = tools.environment
        environment["MOBILE_OPS_FAKE_XCODE"] = xcode.path
        environment["MOBILE_OPS_FAKE_TESTS"] = root + "/behaviour.txt"
        environment["MOBILE_OPS_FAKE_TEST_RUNS"] = root + "/test-runs"
        try fleet.startAgent("sims", tags: ["devices=ios"], pollWait: 1, environment: environment)
        try await MultiReplicaTests.eventually("the agent reports its simulators") { (try? await Self.devices(fleet))?.count == 3 }

        let buildID = try #require(try await fleet.push(repository: "acme/ios", sha: sha).first)
        let done = try await fleet.waitForBuild(buildID, limit: .seconds(120)) { ["passed", "failed", "canceled"].contains($0["state"] as? String) }
        let run = try await Self.run(fleet, build: buildID)
        let tests = try #require(run["tests"] as? [[String: Any]])
        #expect(tests.count == 20)
        #expect(tests.allSatisfy { $0["verdict"] != nil }, "\(tests.filter { $0["verdict"] == nil })")
        #expect(tests.first { $0["name"] as? String == "AppUITests/Flow2Tests/test3" }?["verdict"] as? String == "flaky")
        #expect(done["state"] as? String == "passed", "\(done)")
        let listed = try await Self.devices(fleet)
        // Each broken simulator was quarantined after its first failure (quarantine_after: 1),
        // then shut down, erased and re-admitted by its agent, once in the job. The erase fixed
        // the one whose test runner could not be reached; the one that will not boot (a broken
        // runtime) is quarantined again if it got another batch before the run ended.
        func failures(_ udid: String) -> [String] {
            ((listed["sims/\(udid)"]?["infrastructureFailures"] as? [[String: Any]]) ?? []).compactMap { $0["reason"] as? String }
        }
        #expect(failures(udids[1]).contains { $0.contains("Unable to boot the Simulator") }, "\(listed)")
        #expect(failures(udids[2]).contains { $0.contains("Failed to establish communication with the test runner") }, "\(listed)")
        #expect(listed["sims/\(udids[0])"]?["quarantineReason"] is NSNull)
        #expect(listed["sims/\(udids[2])"]?["quarantineReason"] is NSNull, "erased and re-admitted: \(listed)")
        let audit = try await fleet.call("GET", "/api/v1/audit?limit=200")["events"] as? [[String: Any]] ?? []
        let readmitted = audit.filter { $0["action"] as? String == "device.readmit" }.compactMap { $0["detail"] as? String }
        let calls = tools.calls()
        for udid in [udids[1], udids[2]] {
            #expect(calls.contains("xcrun simctl erase \(udid)"), "\(calls)")
            #expect(readmitted.contains { $0.contains("reset by its agent: xcrun simctl shutdown \(udid); xcrun simctl erase \(udid)") }, "\(readmitted)")
        }
        #expect(!calls.contains("REFUSED"), "\(calls)")
        #expect(calls.contains("xcodebuild test-without-building -xctestrun \(root)/App.xctestrun -destination id=\(udids[0])"), "\(calls)")
    }
}
