import Core
import Foundation

/// Tells a batch the device failed from a batch whose tests or step failed, from what the
/// tools printed: no tool's exit status says which (adb exits 1 for every device error,
/// `am instrument` exits 0 when its process crashed, xcodebuild exits 65 for both).
///
/// A device is blamed only on the tools' own evidence against it (adb's device errors, a
/// simulator that would not boot or lost its test runner, no result in time). Anything else
/// the agent cannot read is the step's or its tests' failure (``DeviceBatchReport/failure``):
/// an app that crashes the instrumentation crashes it on every device, and a wrong
/// instrumentation or `.xctestrun` is wrong everywhere; blaming devices for them would
/// quarantine a healthy fleet.
public enum BatchClassifier {
    /// xcodebuild's words for a simulator or device that did not boot or lost the test runner
    /// under the tests (research 3.2; bitrise's retry patterns).
    public static let xcodebuildInfrastructure = [
        "Failed to establish communication with the test runner",
        "Lost connection to test manager service",
        "Lost connection to testmanagerd",
        "testmanagerd.control was invalidated",
        "Timed out waiting 120 seconds for simulator to boot",
        "Unable to boot the Simulator",
    ]

    /// An `am instrument -w -r` batch: its results; the device's failure when adb says the
    /// device failed; else, when the instrumentation did not finish, the batch's failure,
    /// pinned on the tests it was running when it stopped (the process died under them).
    /// `lineSeconds` times the output's lines (``InstrumentationOutput/parse(_:lineSeconds:)``).
    public static func instrumentation(stdout: String, stderr: String, exitStatus: Int32?, lineSeconds: [Double] = []) -> DeviceBatchReport {
        let output = InstrumentationOutput.parse(stdout, lineSeconds: lineSeconds)
        if output.finished, exitStatus == 0 { return DeviceBatchReport(results: output.results) }
        if AdbErrorText.blamesDevice(stderr) {
            let adbState = AdbErrorText.state(of: stderr)
            return DeviceBatchReport(
                results: output.results, deviceFailure: "adb lost the device: " + (InstrumentationOutput.firstLine(stderr) ?? adbState.rawValue))
        }
        let code = "INSTRUMENTATION_CODE: \(output.sessionCode.map(String.init) ?? "none")"
        let failure: String
        if let runFailure = output.runFailure {
            let what = runFailure.contains("crashed") ? "the instrumentation process crashed" : "the instrumentation failed"
            let running = output.unfinished.isEmpty ? "" : " while \(output.unfinished.joined(separator: ", ")) ran"
            failure = "\(what)\(running): \(runFailure) (\(code))"
        } else if output.sessionCode == nil {
            failure = "the instrumentation output ended without INSTRUMENTATION_CODE" + (InstrumentationOutput.firstLine(stderr).map { ": " + $0 } ?? "")
        } else if !output.unfinished.isEmpty {
            failure = "the instrumentation stopped while \(output.unfinished.joined(separator: ", ")) ran (\(code))"
        } else {
            failure = "adb exited \(exitStatus.map(String.init) ?? "by a signal")" + (InstrumentationOutput.firstLine(stderr).map { ": " + $0 } ?? "")
        }
        return DeviceBatchReport(results: output.results, failure: failure, failureTests: output.unfinished.isEmpty ? nil : output.unfinished)
    }

    /// An xcodebuild batch: the result bundle's tests; the device's failure when the log names
    /// a boot or test-runner failure and no test has a result; the batch's failure when no
    /// test ran for another reason (a wrong `.xctestrun`, an app that crashes at launch).
    public static func xcodebuild(log: String, results: [DeviceTestResult]?, exitStatus: Int32?) -> DeviceBatchReport {
        let tests = results ?? []
        if let phrase = xcodebuildInfrastructure.first(where: { log.contains($0) }), tests.isEmpty {
            return DeviceBatchReport(results: [], deviceFailure: "xcodebuild: \(phrase)")
        }
        if tests.isEmpty {
            let why = results == nil ? "no result bundle could be read" : "the result bundle has no test"
            let said = log.split(separator: "\n").first { $0.contains("error:") }.map { ": " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return DeviceBatchReport(results: [], failure: "xcodebuild exited \(exitStatus.map(String.init) ?? "by a signal") and \(why)\(said)")
        }
        return DeviceBatchReport(results: tests)
    }
}
