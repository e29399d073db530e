import Core
import Pipelines
import Testing

/// A step's `devices:` with `run:` or `runner:` reaches every job's spec; mistakes are errors
/// that say what to write instead.
struct DevicesFieldTests {
    @Test func androidRunnerReachesTheJobs() throws {
        let yaml = """
            name: ui
            steps:
              - key: ui-tests
                parallelism: 2
                devices:
                  platform: android
                  min_os: 30
                  count: 8
                  instrumentation: com.acme.test/androidx.test.runner.AndroidJUnitRunner
                  install: [app.apk, app-androidTest.apk]
                  tests: ./list-tests.sh
                  retries: {per_test: 1, per_build: 20}
                  verdict: all_pass
                  batch_time_limit: 10m
                  quarantine_after: 4
                  flaky: {target: 0.95, copies: 2}
                runner: android-instrumentation
            """
        let pipeline = try #require(parsed(yaml), "\(errors(yaml))")
        let plans = pipeline.jobPlans()
        #expect(plans.count == 2)
        #expect(plans.allSatisfy { $0.spec.commands.isEmpty }, "a devices: step needs no command of its own")
        let expected = DeviceStep(
            platform: .android, minOS: 30, count: 8, runner: .androidInstrumentation,
            instrumentation: "com.acme.test/androidx.test.runner.AndroidJUnitRunner", install: ["app.apk", "app-androidTest.apk"],
            listTests: "./list-tests.sh", retriesPerTest: 1, retriesPerBuild: 20, verdict: .allPass, batchTimeLimitSeconds: 600,
            quarantineAfter: 4, flakyTarget: 0.95, flakyCopies: 2)
        #expect(plans.allSatisfy { $0.spec.devices == expected })
    }

    @Test func runCommandAndDefaults() throws {
        let yaml = pipelineWithStep("""
                devices: {platform: ios, tests: ./list.sh}
                run: ./run-batch.sh
            """)
        let step = try #require(parsed(yaml)?.steps.first?.devices, "\(errors(yaml))")
        #expect(step == DeviceStep(platform: .ios, run: "./run-batch.sh", listTests: "./list.sh"))
        #expect(step.accepts(DeviceReport(platform: .ios, kind: .simulator, identifier: "U", osVersion: "17.0", state: .ready)))
        var newer = step
        newer.minOS = 18
        #expect(!newer.accepts(DeviceReport(platform: .ios, kind: .simulator, identifier: "U", osVersion: "17.0", state: .ready)))
        #expect(!step.accepts(DeviceReport(platform: .android, kind: .emulator, identifier: "e", osVersion: "34", state: .ready)))
    }

    @Test func mistakesSayWhatToWrite() {
        #expect(errors(pipelineWithStep("    devices: {platform: android}")).first?.contains("neither 'run'") == true)
        #expect(errors(pipelineWithStep("    run: ./x.sh")).first?.contains("has 'run' but no 'devices'") == true)
        #expect(errors(pipelineWithStep("    devices: {platform: android}\n    runner: android-instrumentation")).first?.contains("needs devices.instrumentation") == true)
        #expect(errors(pipelineWithStep("    devices: {platform: android, xctestrun: a.xctestrun}\n    runner: xcodebuild")).contains { $0.contains("runs Apple simulators") })
        #expect(errors(pipelineWithStep("    devices: {platform: symbian}\n    run: x")).first?.contains("devices.platform must be one of android") == true)
        #expect(errors(pipelineWithStep("    devices: {platform: ios}\n    run: x\n    runner: xcodebuild")).contains { $0.contains("both 'run' and 'runner'") })
        #expect(errors(pipelineWithStep("    devices: {platform: ios, verdict: most, tests: ./t}\n    run: x")).first?.contains("any_pass or all_pass") == true)
        #expect(errors(pipelineWithStep("    devices: {platform: ios}\n    run: x")) == [
            "6:14: step 'build' has 'devices' but nothing to test: add devices.tests (a command printing one test a line) or ui_tests",
        ])
        #expect(errors(pipelineWithStep("    devices: {platform: ios}\n    run: x\n    ui_tests: true")) == [])
    }
}
