import Core

/// Tells a batch the device failed from a batch whose tests failed, from what the tools
/// printed: no tool's exit status says which (adb exits 1 for every device error,
/// `am instrument` exits 0 when its process crashed, xcodebuild exits 65 for both).
public enum BatchClassifier {
    /// xcodebuild's words for a run that never reached the tests, or lost the device under
    /// them (research 3.2; bitrise's retry patterns).
    public static let xcodebuildInfrastructure = [
        "Early unexpected exit, operation never finished bootstrapping",
        "Test runner exited before starting test execution",
        "Failed to establish communication with the test runner",
        "Lost connection to test manager service",
        "Lost connection to testmanagerd",
        "testmanagerd.control was invalidated",
        "Timed out waiting 120 seconds for simulator to boot",
        "Failed to launch app with identifier",
        "Unable to boot the Simulator",
    ]

    /// An `am instrument -w -r` batch: its results, and the device's failure when the
    /// instrumentation did not finish (crashed, cut off, adb lost the device).
    public static func instrumentation(stdout: String, stderr: String, exitStatus: Int32?) -> DeviceBatchReport {
        let output = InstrumentationOutput.parse(stdout)
        if output.finished, exitStatus == 0 { return DeviceBatchReport(results: output.results) }
        let adbState = AdbErrorText.state(of: stderr)
        let failure: String
        if adbState != .unknown || AdbErrorText.isGone(stderr) {
            failure = "adb lost the device: " + (InstrumentationOutput.firstLine(stderr) ?? adbState.rawValue)
        } else if let runFailure = output.runFailure {
            let running = output.unfinished.isEmpty ? "" : " while \(output.unfinished.joined(separator: ", ")) ran"
            let what = runFailure.contains("crashed") ? "the instrumentation process crashed" : "the instrumentation failed"
            failure = "\(what)\(running): \(runFailure) (INSTRUMENTATION_CODE: \(output.sessionCode.map(String.init) ?? "none"))"
        } else if output.sessionCode == nil {
            failure = "the instrumentation output ended without INSTRUMENTATION_CODE" + (InstrumentationOutput.firstLine(stderr).map { ": " + $0 } ?? "")
        } else if !output.unfinished.isEmpty {
            failure = "the instrumentation stopped while \(output.unfinished.joined(separator: ", ")) ran (INSTRUMENTATION_CODE: \(output.sessionCode.map(String.init) ?? "none"))"
        } else {
            failure = "adb exited \(exitStatus.map(String.init) ?? "by a signal")" + (InstrumentationOutput.firstLine(stderr).map { ": " + $0 } ?? "")
        }
        return DeviceBatchReport(results: output.results, deviceFailure: failure)
    }

    /// An xcodebuild batch: the result bundle's tests, and the device's failure when the log
    /// names an infrastructure error and no test has a result, or no test ran at all.
    public static func xcodebuild(log: String, results: [DeviceTestResult]?, exitStatus: Int32?) -> DeviceBatchReport {
        let tests = results ?? []
        if let phrase = xcodebuildInfrastructure.first(where: { log.contains($0) }), tests.isEmpty {
            return DeviceBatchReport(results: [], deviceFailure: "xcodebuild: \(phrase)")
        }
        if tests.isEmpty {
            let why = results == nil ? "no result bundle could be read" : "the result bundle has no test"
            return DeviceBatchReport(results: [], deviceFailure: "xcodebuild exited \(exitStatus.map(String.init) ?? "by a signal") and \(why)")
        }
        return DeviceBatchReport(results: tests)
    }
}
