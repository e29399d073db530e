import Core
import Foundation
import Testing
@testable import Agent

/// One batch on one device, as the agent runs and reads it: a device is blamed only on the
/// tools' evidence against it (a missing APK or a mistyped `run:` is the step's failure),
/// JUnit reports it cannot read fail the batch's tests, saying so, a JUnit flaky case is
/// flaky, and `am instrument` tests are timed as their lines arrive.
@Suite("Device batches on the agent")
struct DeviceBatchRunnerTests {
    static let device = DeviceReport(platform: .android, kind: .emulator, identifier: "emulator-5554", osVersion: "34", state: .ready)

    /// A scratch folder with a `bin` holding an `adb` that runs `script` (sh), first on `PATH`.
    static func folder(adb script: String? = nil) throws -> (root: String, environment: [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("device-batch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        if let script {
            try ("#!/bin/sh\n" + script + "\n").write(toFile: root + "/bin/adb", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/bin/adb")
        }
        return (root, ["PATH": root + "/bin:/usr/bin:/bin", "HOME": root])
    }

    static func runner(_ step: DeviceStep, _ folder: (root: String, environment: [String: String])) -> DeviceBatchRunner {
        DeviceBatchRunner(step: step, workspace: folder.root, environment: folder.environment, scratch: folder.root)
    }

    @Test("a run: command that fails without a report is the step's failure; adb's own words on its stderr are the device's")
    func commandFailures() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.root) }
        let batch = DeviceBatch(id: 1, tests: ["com.acme.A#one"], timeLimitSeconds: 60)
        let typo = await Self.runner(DeviceStep(platform: .android, run: "./gradlw connectedCheck"), folder).run(batch, on: Self.device, install: true)
        #expect(typo.report.deviceFailure == nil, "a typo is no evidence against the device")
        #expect(typo.report.failure?.contains("wrote no JUnit report") == true, "\(typo.report)")
        let offline = await Self.runner(DeviceStep(platform: .android, run: "echo 'adb: device offline' >&2; exit 1"), folder)
            .run(batch, on: Self.device, install: true)
        #expect(offline.report.deviceFailure == "adb lost the device: adb: device offline")
    }

    @Test("an APK that will not install is the step's failure unless adb says the device failed")
    func installFailures() async throws {
        let missing = try Self.folder(adb: "echo \"adb: failed to stat $6: No such file or directory\" >&2; exit 1")
        defer { try? FileManager.default.removeItem(atPath: missing.root) }
        let step = DeviceStep(platform: .android, runner: .androidInstrumentation, instrumentation: "com.acme.test/R", install: ["app.apk"])
        let batch = DeviceBatch(id: 1, tests: ["com.acme.A#one"], timeLimitSeconds: 60)
        let report = await Self.runner(step, missing).run(batch, on: Self.device, install: true).report
        #expect(report.deviceFailure == nil)
        #expect(report.failure?.contains("adb install app.apk failed: adb: failed to stat") == true, "\(report)")
        let gone = try Self.folder(adb: "echo \"adb: device 'emulator-5554' not found\" >&2; exit 1")
        defer { try? FileManager.default.removeItem(atPath: gone.root) }
        let lost = await Self.runner(step, gone).run(batch, on: Self.device, install: true).report
        #expect(lost.deviceFailure?.contains("not found") == true && lost.failure == nil, "\(lost)")
    }

    @Test("a JUnit report that cannot be read fails the batch's tests without a result, naming it; a JUnit flaky case is flaky")
    func junitReports() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.root) }
        let junit = #"<testsuite name="com.acme.A" tests="1"><testcase classname="com.acme.A" name="one" time="1.5"><flakyFailure message="boom"/></testcase></testsuite>"#
        try junit.write(toFile: folder.root + "/a.xml", atomically: true, encoding: .utf8)
        let command = #"cp "$HOME/a.xml" "$MOBILE_OPS_TEST_REPORTS/a.xml"; echo 'not xml at all' > "$MOBILE_OPS_TEST_REPORTS/b.xml""#
        let batch = DeviceBatch(id: 1, tests: ["com.acme.A#one", "com.acme.B#two"], timeLimitSeconds: 60)
        let ran = await Self.runner(DeviceStep(platform: .android, run: command), folder).run(batch, on: Self.device, install: true)
        let results = Dictionary(ran.report.results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(results["com.acme.A#one"]?.outcome == .flaky, "\(ran.report)")
        #expect(results["com.acme.B#two"]?.outcome == .failed)
        #expect(results["com.acme.B#two"]?.message == "the JUnit report b.xml could not be read as JUnit XML", "\(ran.report)")
        #expect(ran.log.contains { $0.contains("b.xml could not be read") }, "said in the job's log: \(ran.log)")
    }

    @Test("am instrument prints no time: the agent times each test from its start line to its end code as the output streams")
    func instrumentationTimes() async throws {
        let script = """
            [ "$3" = shell ] || exit 1
            echo 'INSTRUMENTATION_STATUS: class=com.acme.A'
            echo 'INSTRUMENTATION_STATUS: test=one'
            echo 'INSTRUMENTATION_STATUS_CODE: 1'
            sleep 1
            echo 'INSTRUMENTATION_STATUS: class=com.acme.A'
            echo 'INSTRUMENTATION_STATUS: test=one'
            echo 'INSTRUMENTATION_STATUS_CODE: 0'
            echo 'INSTRUMENTATION_RESULT: stream=OK (1 test)'
            echo 'INSTRUMENTATION_CODE: -1'
            """
        let folder = try Self.folder(adb: script)
        defer { try? FileManager.default.removeItem(atPath: folder.root) }
        let step = DeviceStep(platform: .android, runner: .androidInstrumentation, instrumentation: "com.acme.test/R")
        let report = await Self.runner(step, folder).run(DeviceBatch(id: 1, tests: ["com.acme.A#one"], timeLimitSeconds: 60), on: Self.device, install: false).report
        #expect(report.results.map(\.outcome) == [.passed], "\(report)")
        let seconds = try #require(report.results.first?.seconds, "timed by the agent: \(report)")
        #expect(seconds >= 0.3 && seconds < 60, "the test slept 1 s between its start and its end: \(seconds)")
    }

    @Test("a tests: command that prints nothing lists no test (the step fails rather than pass running nothing)")
    func emptyList() {
        #expect(DeviceBatchRunner.listedTests("\n  \n") == nil)
        #expect(DeviceBatchRunner.listedTests(" com.acme.A#one \n\ncom.acme.B#two\n") == ["com.acme.A#one", "com.acme.B#two"])
    }
}
