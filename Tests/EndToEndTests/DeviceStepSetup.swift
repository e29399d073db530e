import Foundation
import Testing

/// The set-up the `devices:` step tests share (DeviceBatchEndToEndTests,
/// DeviceJoinEndToEndTests, SecretsEndToEndTests): the step's pipeline, the files its
/// commands read, and agents with fake device tools and booted emulators.
enum DeviceStepSetup {
    /// A pipeline `name`, built on a push to main, whose one step `ui-tests` runs on agents
    /// tagged `devices=<platform>`; `settings` are the step's other lines (its `devices:`
    /// block among them), each indented as under the step.
    static func pipeline(name: String = "ui", platform: String = "android", step settings: [String]) -> String {
        let head = ["name: \(name)", "triggers:", "  push:", "    branches: [main]", "steps:", "  - key: ui-tests",
                    "    agents:", "      devices: \(platform)"]
        return (head + settings.map { "    " + $0 }).joined(separator: "\n")
    }

    /// An Android instrumentation step's pipeline over `count` emulators (API 30 or newer) that
    /// installs `root`'s two APKs and lists its tests with `cat root/tests.txt`; `step` and
    /// `devices` are further lines of the step and of its `devices:` block.
    static func androidInstrumentationPipeline(root: String, count: Int, step: [String] = [], devices: [String] = []) -> String {
        let block = ["platform: android", "min_os: 30", "count: \(count)",
                     "instrumentation: com.acme.test/androidx.test.runner.AndroidJUnitRunner",
                     "install: [\(root)/app.apk, \(root)/app-androidTest.apk]", "tests: cat \(root)/tests.txt"] + devices
        return pipeline(step: step + ["devices:"] + block.map { "  " + $0 } + ["runner: android-instrumentation"])
    }

    /// Writes what an Android instrumentation step reads in `root`: `tests.txt` (one test a
    /// line), the fake runner's `behaviour.txt`, and the two APKs.
    static func writeAndroidInputs(root: String, tests: [String], behaviour: String) throws {
        try tests.joined(separator: "\n").appending("\n").write(toFile: root + "/tests.txt", atomically: true, encoding: .utf8)
        try behaviour.write(toFile: root + "/behaviour.txt", atomically: true, encoding: .utf8)
        for apk in ["app.apk", "app-androidTest.apk"] { _ = FileManager.default.createFile(atPath: root + "/" + apk, contents: Data("apk".utf8)) }
    }

    /// The fake test runner's environment: its behaviour file and where it records runs.
    static func fakeTestEnvironment(root: String) -> [String: String] {
        ["MOBILE_OPS_FAKE_TESTS": root + "/behaviour.txt", "MOBILE_OPS_FAKE_TEST_RUNS": root + "/test-runs"]
    }

    /// A booted Android emulator in a fake adb's folder.
    static func emulator(_ tools: FakeDeviceTools, _ serial: String, transport: Int) throws {
        try tools.android(serial, "state", "device")
        try tools.android(serial, "transport_id", "\(transport)")
        try tools.android(serial, "props/sys.boot_completed", "1")
        try tools.android(serial, "props/ro.build.version.sdk", "34")
        try tools.android(serial, "props/ro.product.model", "sdk_gphone64_x86_64")
        try tools.android(serial, "props/ro.boot.qemu", "1")
    }

    /// Fake device tools for each of `agents`, each in its own folder under the fleet's, with
    /// the booted emulators `serials` (the n-th agent's transport ids from n·10 + 1); by agent.
    static func emulatorAgents(_ fleet: Fleet, _ agents: [String], serials: [String]) throws -> [String: FakeDeviceTools] {
        var toolsByAgent: [String: FakeDeviceTools] = [:]
        for (index, agent) in agents.enumerated() {
            let folder = fleet.root.appendingPathComponent(agent)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let tools = try FakeDeviceTools(in: folder)
            for (offset, serial) in serials.enumerated() {
                try emulator(tools, serial, transport: index * 10 + offset + 1)
            }
            toolsByAgent[agent] = tools
        }
        return toolsByAgent
    }
}
