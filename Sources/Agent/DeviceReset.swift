import ChildProcesses
import Core
import Foundation

/// Resets a quarantined device the way a person would, so that it can take batches again
/// without one: an Android device or emulator is rebooted (`adb -s SERIAL reboot`, then
/// `wait-for-device`, then `getprop sys.boot_completed` until it says `1`); a simulator is
/// shut down and erased (`xcrun simctl shutdown UDID`, `xcrun simctl erase UDID`: its apps
/// and data go; the next batch boots it). A physical Apple device cannot be reset from here: a person does that (and
/// `POST /api/v1/devices/readmit`).
struct DeviceReset: Sendable {
    /// Runs `adb` and `xcrun` with the job's environment.
    let tools: DeviceToolRunner
    /// How long a rebooted device may take to finish booting.
    var bootLimit: Duration = .seconds(180)
    /// How often the boot is looked at.
    var bootPoll: Duration = .seconds(2)

    /// What a reset came to: what was done (for the audit log), or why it could not be.
    enum Outcome: Equatable {
        case reset(String)
        case failed(String)
    }

    /// Resets `device`; its log lines go to `log`.
    func reset(_ device: DeviceReport, log: (String) -> Void) async -> Outcome {
        switch (device.platform, device.kind) {
        case (.android, _):
            return await reboot(device.identifier, log: log)
        case (_, .simulator):
            // Every Apple platform's simulators (iOS, tvOS, watchOS, visionOS) are simctl's.
            return await erase(device.identifier, log: log)
        default:
            return .failed("a physical Apple device is reset by a person, then re-admitted (mobile-ops devices readmit)")
        }
    }

    /// `adb reboot`, then waits for the device and for its boot to complete.
    private func reboot(_ serial: String, log: (String) -> Void) async -> Outcome {
        let command = "adb -s \(serial) reboot"
        if let failure = await run("adb", ["-s", serial, "reboot"], limit: .seconds(60), log: log) { return .failed("\(command): \(failure)") }
        if let failure = await run("adb", ["-s", serial, "wait-for-device"], limit: bootLimit, log: log) {
            return .failed("adb -s \(serial) wait-for-device: \(failure)")
        }
        let deadline = ContinuousClock.now.advanced(by: bootLimit)
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if case .finished(let output) = await tools.run(launch("adb", ["-s", serial, "shell", "getprop", "sys.boot_completed"]), limit: .seconds(20)),
               output.status.isSuccess, output.text.trimmingCharacters(in: .whitespacesAndNewlines) == "1" {
                log("$ adb -s \(serial) shell getprop sys.boot_completed: 1")
                return .reset(command)
            }
            try? await Task.sleep(for: bootPoll)
        }
        return .failed("\(command): the boot did not complete within \(bootLimit)")
    }

    /// `simctl shutdown` (a simulator already shut down is fine), then `simctl erase`.
    private func erase(_ udid: String, log: (String) -> Void) async -> Outcome {
        let shutdown = await tools.run(launch("xcrun", ["simctl", "shutdown", udid]), limit: .seconds(120))
        log("$ xcrun simctl shutdown \(udid): \(Self.summary(shutdown))")
        if case .finished(let output) = shutdown, !output.status.isSuccess, !output.errorText.contains("current state: Shutdown") {
            return .failed("xcrun simctl shutdown \(udid): \(Self.summary(shutdown))")
        }
        if case .failed(let why) = shutdown { return .failed("xcrun simctl shutdown \(udid): \(why)") }
        if let failure = await run("xcrun", ["simctl", "erase", udid], limit: .seconds(120), log: log) {
            return .failed("xcrun simctl erase \(udid): \(failure)")
        }
        return .reset("xcrun simctl shutdown \(udid); xcrun simctl erase \(udid)")
    }

    /// Runs one command; nil when it exited 0, else why not.
    private func run(_ tool: String, _ arguments: [String], limit: Duration, log: (String) -> Void) async -> String? {
        let outcome = await tools.run(launch(tool, arguments), limit: limit)
        log("$ \(tool) \(arguments.joined(separator: " ")): \(Self.summary(outcome))")
        if case .finished(let output) = outcome, output.status.isSuccess { return nil }
        return Self.summary(outcome)
    }

    /// `tool` found on the environment's `PATH`.
    private func launch(_ tool: String, _ arguments: [String]) -> ProcessLaunch {
        ProcessLaunch(executable: tools.locate(tool) ?? tool, arguments: arguments, environment: tools.environment, workingDirectory: "/")
    }

    /// A run in a few words: `ok`, or the exit status and the first line of its error text.
    private static func summary(_ outcome: DeviceToolRunner.Outcome) -> String {
        switch outcome {
        case .finished(let output):
            if output.status.isSuccess { return "ok" }
            return "\(output.status)" + (output.errorText.split(separator: "\n").first.map { ": " + $0 } ?? "")
        case .failed(let why):
            return why
        }
    }
}
