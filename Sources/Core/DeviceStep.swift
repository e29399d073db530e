import MemberwiseInit

/// A step's `devices:`: its UI tests run test by test on a pool of devices instead of on one
/// agent's shard. Each job of the step drives every matching device of the agent that holds
/// it; the server hands every device the next batch of the build's one queue (see
/// `docs/devices.md`).
@MemberwiseInit(.public)
public struct DeviceStep: Codable, Sendable, Equatable {
    /// The platform the tests run on.
    public var platform: DevicePlatform
    /// The lowest OS a device may run: the API level on Android (`30`), the major version on iOS (`17`).
    public var minOS: Int?
    /// The most devices running the step's batches at once, over every agent.
    public var count: Int = 8
    /// A command that runs one batch (with `MOBILE_OPS_DEVICE` and `MOBILE_OPS_TESTS`); nil with a built-in runner.
    public var run: String?
    /// A built-in way to run one batch; nil with `run`.
    public var runner: DeviceRunner?
    /// `android-instrumentation`: the instrumentation, `PACKAGE/RUNNER_CLASS`.
    public var instrumentation: String?
    /// `android-instrumentation`: APKs (relative to the checkout) installed on each device before its first batch.
    public var install: [String] = []
    /// `xcodebuild`: the `.xctestrun` file build-for-testing wrote, relative to the checkout.
    public var xctestrun: String?
    /// A command printing the tests to run, one per line (`com.acme.LoginTest#signsIn`,
    /// `AppUITests/LoginTests/testSignIn`); nil runs the suites `ui_tests:` selected.
    public var listTests: String?
    /// Retries of a failed test (each on another device).
    public var retriesPerTest: Int = 2
    /// Retries of failed tests over the whole step.
    public var retriesPerBuild: Int = 50
    /// Whether one passing attempt is enough.
    public var verdict: DeviceVerdictRule = .anyPass
    /// Seconds a batch may run before it counts as the device's failure.
    public var batchTimeLimitSeconds: Double = 1800
    /// Failures in a row, each the device's fault, after which a device is quarantined.
    public var quarantineAfter: Int = 3
    /// The wanted chance that at least one copy of a test passes, for the copies a test with
    /// a low pass rate gets up front; nil for none.
    public var flakyTarget: Double?
    /// The most copies of one test up front.
    public var flakyCopies: Int = 3

    /// Whether `device` may run the step's tests: its platform, a known OS at least `minOS`.
    public func accepts(_ device: DeviceReport) -> Bool {
        guard device.platform == platform else { return false }
        guard let minOS else { return true }
        guard let major = device.osVersion?.split(separator: ".").first.flatMap({ Int($0) }) else { return false }
        return major >= minOS
    }

    /// Whether `device` can take the step's batches now: it is accepted, and ready (a shut-down
    /// simulator counts: the runner boots it).
    /// What a device must be for this step, in words: `a ready android device (OS 30 or later)`.
    public var wantedDevice: String {
        "a ready \(platform.rawValue) device" + (minOS.map { " (OS \($0) or later)" } ?? "")
    }

    public func canRun(_ device: DeviceReport) -> Bool {
        accepts(device) && (device.state == .ready || (device.kind == .simulator && device.state == .shutdown))
    }

    // MARK: Variables

    /// The device a batch runs on: adb's serial or the UDID.
    public static let deviceVariable = "MOBILE_OPS_DEVICE"
    /// The batch's tests, comma-separated (`-e class` takes this form).
    public static let testsVariable = "MOBILE_OPS_TESTS"
    /// A file listing the batch's tests, one per line.
    public static let testsFileVariable = "MOBILE_OPS_TESTS_FILE"
    /// A folder a `run:` command may write JUnit XML reports into; the agent reads them after the batch.
    public static let reportsVariable = "MOBILE_OPS_TEST_REPORTS"
}

/// A built-in way to run one batch on one device.
public enum DeviceRunner: String, Codable, Sendable, CaseIterable {
    /// `adb -s SERIAL shell am instrument -w -r -e class A#m,B#n PACKAGE/RUNNER`.
    case androidInstrumentation = "android-instrumentation"
    /// `xcodebuild test-without-building -xctestrun FILE -destination id=UDID -only-testing:…`.
    case xcodebuild
}

/// How a test's attempts make its verdict.
public enum DeviceVerdictRule: String, Codable, Sendable, CaseIterable {
    /// Passes when any attempt passes (a pass after a failure is recorded flaky).
    case anyPass = "any_pass"
    /// Passes only when every attempt passes.
    case allPass = "all_pass"
}
