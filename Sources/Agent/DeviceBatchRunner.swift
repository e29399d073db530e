import BuildMetrics
import ChildProcesses
import Core
import Devices
import Foundation
import Synchronization

// MARK: - DeviceBatchRunner

/// Runs one batch of a `devices:` step on one device and reads what happened: the step's
/// `run:` command (JUnit XML in `MOBILE_OPS_TEST_REPORTS`), or a built-in runner
/// (`am instrument -w -r`, or `xcodebuild test-without-building` and its result bundle
/// read with `xcresulttool`). What the tools printed decides whether the device or the tests
/// failed (``BatchClassifier``): no exit status says.
struct DeviceBatchRunner: Sendable {
    /// The step.
    let step: DeviceStep
    /// The job's checkout: `run:` runs there, `install` and `xctestrun` are relative to it.
    let workspace: String
    /// The job's environment.
    let environment: [String: String]
    /// Where batches keep their reports and result bundles.
    let scratch: String

    /// What one batch came to, with the output to log.
    struct Ran: Sendable {
        var report: DeviceBatchReport
        var log: [String]
    }

    /// Runs `batch` on `device`; `install` says whether the step's APKs still need installing there.
    func run(_ batch: DeviceBatch, on device: DeviceReport, install: Bool) async -> Ran {
        let limit = Duration.milliseconds(Int64(min(max(batch.timeLimitSeconds, 1), 86_400) * 1000))
        var log: [String] = []
        if install, step.runner == .androidInstrumentation {
            for apk in step.install {
                let outcome = await tools.run(launch("adb", ["-s", device.identifier, "install", "-r", "-t", path(apk)]), limit: limit)
                log += Self.lines("adb install \(apk)", outcome)
                if let failure = Self.failure(of: outcome) {
                    // A missing or broken APK fails on every device: only adb's device errors blame this one.
                    let blamed = AdbErrorText.blamesDevice(failure) || Self.hitTimeLimit(outcome)
                    let report = blamed
                        ? DeviceBatchReport(results: [], deviceFailure: "adb install \(apk) failed: \(failure)")
                        : DeviceBatchReport(results: [], failure: "adb install \(apk) failed: \(failure)")
                    return Ran(report: report, log: log)
                }
            }
        }
        switch (step.runner, step.run) {
        case (.androidInstrumentation?, _):
            let instrumentation = step.instrumentation ?? ""
            let arguments = ["-s", device.identifier, "shell", "am", "instrument", "-w", "-r", "-e", "class", batch.tests.joined(separator: ","), instrumentation]
            // am instrument prints no time: each test is timed from its start to its end code
            // as the lines arrive.
            let times = LineTimes()
            let outcome = await tools.run(launch("adb", arguments), limit: limit) { chunk in times.received(chunk) }
            log += Self.lines("adb -s \(device.identifier) shell am instrument -w -r -e class … \(instrumentation)", outcome)
            guard case .finished(let output) = outcome else { return Ran(report: timedOut(outcome), log: log) }
            let report = BatchClassifier.instrumentation(
                stdout: output.text, stderr: output.errorText, exitStatus: output.status.code, lineSeconds: times.seconds)
            return Ran(report: report, log: log)
        case (.xcodebuild?, _):
            return await xcodebuild(batch, on: device, limit: limit, log: log)
        case (nil, let command?):
            return await runCommand(command, batch: batch, on: device, limit: limit, log: log)
        case (nil, nil):
            return Ran(report: DeviceBatchReport(results: [], failure: "the step names no run: command and no runner:"), log: log)
        }
    }

    /// `xcodebuild test-without-building` on one simulator or device, after booting a shut-down simulator.
    private func xcodebuild(_ batch: DeviceBatch, on device: DeviceReport, limit: Duration, log: [String]) async -> Ran {
        var log = log
        if device.kind == .simulator, device.state == .shutdown {
            let boot = await tools.run(launch("xcrun", ["simctl", "boot", device.identifier]), limit: .seconds(180))
            log += Self.lines("xcrun simctl boot \(device.identifier)", boot)
            // "Unable to boot device in current state: Booted" (exit 149) is a boot that already happened.
            if let failure = Self.failure(of: boot), !failure.contains("current state: Booted") {
                // simctl refusing to boot it is the device's failure; xcrun that will not start is the agent's.
                if case .failed = boot, !Self.hitTimeLimit(boot) {
                    return Ran(report: DeviceBatchReport(results: [], failure: "xcrun simctl boot could not run: \(failure)"), log: log)
                }
                return Ran(report: DeviceBatchReport(results: [], deviceFailure: "the simulator failed to boot: \(failure)"), log: log)
            }
        }
        let bundle = scratch + "/batch-\(batch.id)-\(device.identifier).xcresult"
        try? FileManager.default.removeItem(atPath: bundle)
        let arguments = ["test-without-building", "-xctestrun", path(step.xctestrun ?? ""), "-destination", "id=\(device.identifier)",
                         "-resultBundlePath", bundle] + batch.tests.map { "-only-testing:" + $0 }
        let run = await tools.run(launch("xcodebuild", arguments), limit: limit)
        log += Self.lines("xcodebuild test-without-building -destination id=\(device.identifier)", run)
        guard case .finished(let output) = run else { return Ran(report: timedOut(run), log: log) }
        let read = await tools.run(launch("xcrun", ["xcresulttool", "get", "test-results", "tests", "--path", bundle]), limit: .seconds(300))
        var results: [DeviceTestResult]?
        if case .finished(let json) = read, json.status.isSuccess { results = XcresultTests.parse(Data(json.standardOutput)) }
        let text = output.text + "\n" + String(decoding: output.standardError, as: UTF8.self)
        return Ran(report: BatchClassifier.xcodebuild(log: text, results: results, exitStatus: output.status.code), log: log)
    }

    /// The step's `run:` command, with the batch's variables; its JUnit reports are the results.
    private func runCommand(_ command: String, batch: DeviceBatch, on device: DeviceReport, limit: Duration, log: [String]) async -> Ran {
        var log = log
        let reports = scratch + "/batch-\(batch.id)-reports"
        try? FileManager.default.removeItem(atPath: reports)
        try? FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let list = scratch + "/batch-\(batch.id).tests"
        try? (batch.tests.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        var variables = environment
        variables[DeviceStep.deviceVariable] = device.identifier
        variables[DeviceStep.testsVariable] = batch.tests.joined(separator: ",")
        variables[DeviceStep.testsFileVariable] = list
        variables[DeviceStep.reportsVariable] = reports
        // Gradle's connected tasks and adb itself take the device from ANDROID_SERIAL.
        if step.platform == .android { variables["ANDROID_SERIAL"] = device.identifier }
        let outcome = await tools.run(.shell(command, environment: variables, workingDirectory: workspace), limit: limit)
        log += Self.lines("$ \(command)", outcome)
        guard case .finished(let output) = outcome else { return Ran(report: timedOut(outcome), log: log) }
        let read = junitResults(in: reports)
        var results = read.results
        if !read.unreadable.isEmpty {
            // A report that cannot be read is no result: its tests fail, saying why, rather than
            // passing or vanishing unnoticed.
            let reason = read.unreadable.joined(separator: "; ")
            log.append("  \(reason)")
            results += batch.tests.filter { DeviceRun.result(for: $0, in: results) == nil }
                .map { DeviceTestResult(name: $0, outcome: .failed, message: reason) }
        }
        let stderr = output.errorText
        if AdbErrorText.blamesDevice(stderr) {
            return Ran(report: DeviceBatchReport(results: results, deviceFailure: "adb lost the device: \(stderr.split(separator: "\n").first ?? "")"), log: log)
        }
        if results.isEmpty, !output.status.isSuccess {
            // A typo, a failing build: the step's failure, whatever device ran it.
            let said = stderr.split(separator: "\n").last.map { ": " + $0 } ?? ""
            return Ran(report: DeviceBatchReport(results: [], failure: "the command exited \(output.status) and wrote no JUnit report\(said)"), log: log)
        }
        return Ran(report: DeviceBatchReport(results: results), log: log)
    }

    /// Every test case of the JUnit files in `folder`, named `class#method` on Android and
    /// `Target/Class/method` on Apple platforms (the forms the runners take), and what could
    /// not be read (a file that is not JUnit, or could not be opened).
    private func junitResults(in folder: String) -> (results: [DeviceTestResult], unreadable: [String]) {
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".xml") }.sorted() ?? []
        var unreadable: [String] = []
        let results = files.flatMap { file -> [DeviceTestResult] in
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                unreadable.append("the JUnit report \(file) could not be opened")
                return []
            }
            guard let summary = JUnitParser.parse(data).tests else {
                unreadable.append("the JUnit report \(file) could not be read as JUnit XML")
                return []
            }
            return summary.cases.map { test in
                let name = step.platform == .android
                    ? test.suite + "#" + test.name
                    : test.suite.replacingOccurrences(of: ".", with: "/") + "/" + test.name
                let outcome: DeviceTestOutcome = switch test.outcome {
                case .passed: .passed
                case .flaky: .flaky
                case .failed: .failed
                case .skipped: .skipped
                }
                return DeviceTestResult(name: name, outcome: outcome, seconds: test.durationSeconds, message: test.message)
            }
        }
        return (results, unreadable)
    }

    /// The tests a `tests:` command printed, one a line; nil when it printed none (a list of
    /// nothing would pass the step without running a test).
    static func listedTests(_ printed: String) -> [String]? {
        let tests = printed.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return tests.isEmpty ? nil : tests
    }

    // MARK: Plumbing

    private var tools: DeviceToolRunner { DeviceToolRunner(environment: environment, timeout: .seconds(600)) }

    /// `tool` found on the job's `PATH` (the bare name when it is not, so the failure says which).
    private func launch(_ tool: String, _ arguments: [String]) -> ProcessLaunch {
        ProcessLaunch(executable: tools.locate(tool) ?? tool, arguments: arguments, environment: environment, workingDirectory: workspace)
    }

    /// A path relative to the checkout, or an absolute one as written.
    private func path(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : workspace + "/" + relative
    }

    /// A batch's command that was killed at its time limit (the device's failure) or could not
    /// start (the step's: a tool missing from the agent fails on every device).
    private func timedOut(_ outcome: DeviceToolRunner.Outcome) -> DeviceBatchReport {
        guard case .failed(let why) = outcome else { return DeviceBatchReport(results: []) }
        guard Self.hitTimeLimit(outcome) else { return DeviceBatchReport(results: [], failure: why) }
        return DeviceBatchReport(results: [], deviceFailure: "no result within the batch time limit of \(Int(step.batchTimeLimitSeconds)) s")
    }

    /// Whether the tool was killed at its time limit.
    private static func hitTimeLimit(_ outcome: DeviceToolRunner.Outcome) -> Bool {
        guard case .failed(let why) = outcome else { return false }
        return why.contains("did not finish")
    }

    /// Why a tool run failed (its error text), or nil when it exited 0.
    private static func failure(of outcome: DeviceToolRunner.Outcome) -> String? {
        switch outcome {
        case .finished(let output): output.status.isSuccess ? nil : (output.errorText.isEmpty ? "exit \(output.status)" : output.errorText)
        case .failed(let why): why
        }
    }

    /// A run's output as log lines under a heading.
    private static func lines(_ heading: String, _ outcome: DeviceToolRunner.Outcome) -> [String] {
        switch outcome {
        case .finished(let output):
            let text = output.text + String(decoding: output.standardError, as: UTF8.self)
            return ["$ \(heading)"] + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
                + ["  (\(output.status))"]
        case .failed(let why):
            return ["$ \(heading)", "  \(why)"]
        }
    }
}

// MARK: - LineTimes

/// When each line of a command's standard output arrived, by the agent's clock: the time of
/// each of its newlines, in seconds since the command started, in order.
private final class LineTimes: Sendable {
    private let start = ContinuousClock.now
    private let times = Mutex<[Double]>([])

    /// Notes a chunk of output, as it arrives.
    func received(_ chunk: [UInt8]) {
        let newlines = chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard newlines > 0 else { return }
        let seconds = Backoff.seconds(ContinuousClock.now - start)
        times.withLock { $0.append(contentsOf: repeatElement(seconds, count: newlines)) }
    }

    /// The newlines' times so far.
    var seconds: [Double] { times.withLock { $0 } }
}
