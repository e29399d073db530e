import ChildProcesses
import Core
import Devices
import Foundation

// MARK: - DeviceDiscovery

/// One look at the machine's devices through the tools on its `PATH`: Android devices
/// through `adb devices -l` and `adb -s SERIAL shell getprop NAME`, simulators through
/// `xcrun simctl list devices --json`. A tool that is not installed is skipped; what the tools
/// print is read by the `Devices` module, and whatever it cannot read comes back as a problem.
struct DeviceDiscovery: Sendable {
    /// Runs the tools.
    let runner: DeviceToolRunner
    /// `adb`'s path, when it is installed.
    let adb: String?
    /// `xcrun`'s path, when it is installed.
    let xcrun: String?

    /// Finds the tools on `runner`'s `PATH`.
    init(runner: DeviceToolRunner) {
        self.runner = runner
        self.adb = runner.locate("adb")
        self.xcrun = runner.locate("xcrun")
    }

    /// What one look found.
    struct Look: Sendable {
        /// Android devices, or nil when adb is not installed.
        var android: [AndroidDeviceFacts]?
        /// Simulators, or nil when xcrun is not installed.
        var simulators: [DeviceReport]?
        /// What could not be read or run, one sentence each.
        var problems: [String] = []
    }

    // MARK: Android

    /// `adb devices -l`, then for each device that accepts commands `sys.boot_completed`, and
    /// the fixed properties the first time (`known` holds them by serial). nil devices when adb
    /// itself failed (the problem says why).
    func android(known: [String: AndroidProperties]) async -> (devices: [AndroidDeviceFacts]?, problems: [String]) {
        guard let adb else { return (nil, []) }
        let listed: CommandOutput
        switch await runner.run(adb, ["devices", "-l"]) {
        case .failed(let reason): return (nil, ["adb devices -l: \(reason)"])
        case .finished(let output):
            guard output.status.isSuccess else { return (nil, ["adb devices -l failed (\(output.status)): \(output.errorText)"]) }
            listed = output
        }
        let list = AdbDeviceList.parse(listed.text)
        var problems = list.unreadable.map { "adb devices -l printed a line the agent cannot read: \($0.debugDescription)" }
        var devices: [AndroidDeviceFacts] = []
        for line in list.devices {
            if line.state == .unknown {
                problems.append("adb says device \(line.serial) is \(line.stateText.debugDescription), a state the agent does not know")
            }
            guard line.acceptsCommands else {
                devices.append(AndroidDeviceFacts(line: line, properties: known[line.serial] ?? AndroidProperties()))
                continue
            }
            var properties = known[line.serial] ?? AndroidProperties()
            var names = [AndroidProperties.bootCompleted]
            if !properties.hasFixedValues { names += AndroidProperties.fixed }
            var commandError: String?
            for name in names {
                switch await runner.run(adb, ["-s", line.serial, "shell", "getprop", name]) {
                case .failed(let reason):
                    commandError = reason
                case .finished(let output) where output.status.isSuccess:
                    properties.values[name] = AndroidProperties.value(fromGetprop: output.text)
                case .finished(let output):
                    commandError = output.errorText.isEmpty ? "getprop \(name) failed (\(output.status))" : output.errorText
                }
                if commandError != nil { break }
            }
            if let commandError, AdbErrorText.isGone(commandError) { continue }
            devices.append(AndroidDeviceFacts(line: line, properties: properties, commandError: commandError))
        }
        return (devices, problems)
    }

    // MARK: Simulators

    /// `xcrun simctl list devices --json`; nil devices when it failed.
    func simulators() async -> (devices: [DeviceReport]?, problems: [String]) {
        guard let xcrun else { return (nil, []) }
        switch await runner.run(xcrun, ["simctl", "list", "devices", "--json"]) {
        case .failed(let reason):
            return (nil, ["xcrun simctl list devices --json: \(reason)"])
        case .finished(let output):
            guard output.status.isSuccess else {
                return (nil, ["xcrun simctl list devices --json failed (\(output.status)): \(output.errorText)"])
            }
            let list = SimctlDeviceList.parse(Data(output.standardOutput))
            return (list.devices, list.problems)
        }
    }
}
