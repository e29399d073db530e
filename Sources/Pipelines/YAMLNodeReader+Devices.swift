import Core
import YAMLReading
import Yams

// MARK: - devices

extension YAMLNodeReader {
    /// Keys allowed under a step's `devices:`.
    static let deviceKeys = [
        "platform", "min_os", "count", "instrumentation", "install", "xctestrun", "tests", "retries", "verdict",
        "batch_time_limit", "quarantine_after", "flaky",
    ]

    /// A step's `devices:` with its step-level `run:` or `runner:` (exactly one of them), or
    /// nil. `run:` or `runner:` without `devices:` is an error.
    mutating func deviceStep(in fields: MapEntries, stepKey: String) -> DeviceStep? {
        guard let node = fields["devices"] else {
            for key in ["run", "runner"] where fields[key] != nil {
                report("step '\(stepKey)' has '\(key)' but no 'devices': \(key) runs one batch of tests on a device", at: fields.keys[key]?.mark ?? fields.mark)
            }
            return nil
        }
        guard let settings = entries(of: node, "devices", allowed: YAMLNodeReader.deviceKeys) else { return nil }
        guard let platformNode = settings["platform"] else {
            report("devices needs 'platform' (\(DevicePlatform.allCases.map(\.rawValue).joined(separator: ", ")))", at: settings.mark)
            return nil
        }
        guard let platformName = nonEmptyText(platformNode, "devices.platform") else { return nil }
        guard let platform = DevicePlatform(rawValue: platformName) else {
            report("devices.platform must be one of \(DevicePlatform.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(platformName)\"", at: platformNode)
            return nil
        }
        var step = DeviceStep(platform: platform)
        step.minOS = settings["min_os"].flatMap { integer($0, "devices.min_os", in: 1...1000) }
        step.count = settings["count"].flatMap { integer($0, "devices.count", in: 1...512) } ?? step.count
        step.instrumentation = settings["instrumentation"].flatMap { nonEmptyText($0, "devices.instrumentation") }
        step.install = settings["install"].flatMap { textList($0, "devices.install")?.map(\.value) } ?? []
        step.xctestrun = settings["xctestrun"].flatMap { nonEmptyText($0, "devices.xctestrun") }
        step.listTests = settings["tests"].flatMap { nonEmptyText($0, "devices.tests") }
        if let node = settings["retries"], let retries = self.entries(of: node, "devices.retries", allowed: ["per_test", "per_build"]) {
            step.retriesPerTest = retries["per_test"].flatMap { integer($0, "devices.retries.per_test", in: 0...10) } ?? step.retriesPerTest
            step.retriesPerBuild = retries["per_build"].flatMap { integer($0, "devices.retries.per_build", in: 0...10_000) } ?? step.retriesPerBuild
        }
        if let node = settings["verdict"], let text = nonEmptyText(node, "devices.verdict") {
            if let rule = DeviceVerdictRule(rawValue: text) { step.verdict = rule } else {
                report("devices.verdict must be any_pass or all_pass, found \"\(text)\"", at: node)
            }
        }
        if let node = settings["batch_time_limit"] {
            let seconds = node.tagName == .int || node.tagName == .float ? node.float : node.scalar.flatMap { DurationText.seconds(from: $0.string) }
            if let seconds, seconds > 0, seconds <= 86_400 { step.batchTimeLimitSeconds = seconds } else {
                report("devices.batch_time_limit must be a duration such as 90s, 30m or 1h (at most 24h), found \(YAMLNodeReader.describe(node))", at: node)
            }
        }
        step.quarantineAfter = settings["quarantine_after"].flatMap { integer($0, "devices.quarantine_after", in: 1...100) } ?? step.quarantineAfter
        if let node = settings["flaky"], let flaky = self.entries(of: node, "devices.flaky", allowed: ["target", "copies"]) {
            step.flakyTarget = flaky["target"].flatMap { number($0, "devices.flaky.target", in: 0.5...0.9999) } ?? 0.99
            step.flakyCopies = flaky["copies"].flatMap { integer($0, "devices.flaky.copies", in: 1...10) } ?? step.flakyCopies
        }
        readBatchRunner(into: &step, fields: fields, devices: settings, stepKey: stepKey)
        return step
    }

    /// Exactly one of the step's `run:` (a command) and `runner:` (a built-in), with what the runner needs.
    private mutating func readBatchRunner(into step: inout DeviceStep, fields: MapEntries, devices: MapEntries, stepKey: String) {
        switch (fields["run"], fields["runner"]) {
        case (let run?, nil):
            step.run = nonEmptyText(run, "run")
        case (nil, let runner?):
            guard let name = nonEmptyText(runner, "runner") else { return }
            guard let kind = DeviceRunner(rawValue: name) else {
                report("runner must be android-instrumentation or xcodebuild, found \"\(name)\"", at: runner)
                return
            }
            step.runner = kind
            switch kind {
            case .androidInstrumentation:
                if step.platform != .android { report("runner android-instrumentation runs Android devices; devices.platform is \(step.platform.rawValue)", at: runner) }
                if step.instrumentation == nil {
                    report("runner android-instrumentation needs devices.instrumentation, e.g. com.acme.test/androidx.test.runner.AndroidJUnitRunner", at: devices.mark)
                }
            case .xcodebuild:
                if step.platform == .android { report("runner xcodebuild runs Apple simulators and devices; devices.platform is android", at: runner) }
                if step.xctestrun == nil { report("runner xcodebuild needs devices.xctestrun, the file build-for-testing wrote", at: devices.mark) }
            }
        case (.some, .some):
            report("step '\(stepKey)' has both 'run' and 'runner'; keep one", at: fields.keys["runner"]?.mark ?? fields.mark)
        case (nil, nil):
            report("step '\(stepKey)' has 'devices' but neither 'run' (a command for one batch) nor 'runner' (android-instrumentation or xcodebuild)", at: fields.mark)
        }
    }
}
