import MemberwiseInit

/// The messages of a `devices:` job's batches (see `docs/devices.md`):
/// - `POST /api/v1/agent/jobs/{id}/device-tests` with ``DeviceTestList`` → ``DeviceTestsQueued``:
///   the tests the job's checkout selected; the step's first job to report makes the queue.
/// - `POST /api/v1/agent/jobs/{id}/device-batches/next` with ``DeviceBatchRequest`` → ``DeviceBatchAnswer``:
///   the next batch for one free device of the agent, or when to ask again, or that the run is over.
/// - `POST /api/v1/agent/jobs/{id}/device-batches/{batch}/result` with ``DeviceBatchReport`` → ``DeviceBatchAnswer``
///   with no batch: per-test results, or the device's failure.
/// - `POST /api/v1/agent/devices/readmit` with ``DeviceResetReport``: a quarantined device its
///   agent reset (`adb reboot`, `simctl erase`), to take batches again.

/// The tests a `devices:` job's checkout selected.
public struct DeviceTestList: Codable, Sendable, Equatable {
    /// Test names as the runner takes them, e.g. `com.acme.LoginTest#signsIn` or `AppUITests/LoginTests/testSignIn`.
    public var tests: [String]

    /// Creates a list.
    public init(tests: [String]) { self.tests = tests }

    /// The most tests one step may queue.
    public static let maximumTests = 20_000
    /// The longest test name.
    public static let maximumNameLength = 1_000

    /// What is wrong with the list, for a 400; nil when it can be queued.
    public func problem() -> String? {
        guard tests.count <= Self.maximumTests else { return "a step may queue at most \(Self.maximumTests) tests, got \(tests.count)" }
        for (index, name) in tests.enumerated() {
            if name.isEmpty || name.contains(",") || name.contains(where: \.isNewline) {
                return "tests[\(index)] must be a non-empty name without commas or line breaks"
            }
            if name.count > Self.maximumNameLength { return "tests[\(index)] is longer than \(Self.maximumNameLength) characters" }
        }
        return nil
    }
}

/// The answer to a test list: how many tests the step's queue holds (the first list a job
/// of the step sent; later lists are not read).
@MemberwiseInit(.public)
public struct DeviceTestsQueued: Codable, Sendable, Equatable {
    /// Distinct tests queued.
    public var tests: Int
    /// Runs planned: the tests and their extra copies up front.
    public var runs: Int
}

/// A free device asking for its next batch.
@MemberwiseInit(.public)
public struct DeviceBatchRequest: Codable, Sendable, Equatable {
    /// The device's platform, as the agent reported it.
    public var platform: DevicePlatform
    /// adb's serial or the UDID.
    public var identifier: String
}

/// One batch handed to a device.
@MemberwiseInit(.public)
public struct DeviceBatch: Codable, Sendable, Equatable {
    /// Its number within the step's run.
    public var id: Int
    /// The tests to run, longest expected first.
    public var tests: [String]
    /// Seconds after which the batch counts as the device's failure.
    public var timeLimitSeconds: Double
}

/// The server's answer to a device: a batch, or ask again later, or stop (the run is over,
/// or the device may not take part).
@MemberwiseInit(.public)
public struct DeviceBatchAnswer: Codable, Sendable, Equatable {
    /// The batch to run; nil when there is none now.
    public var batch: DeviceBatch?
    /// With no batch and the run not over: ask again after this many seconds (batches
    /// running elsewhere may come back).
    public var retryAfterSeconds: Double?
    /// Whether the device should stop asking: the run is over, or it is quarantined.
    public var stop: Bool = false
    /// Once every test has its verdict: whether the step passed; nil before.
    public var passed: Bool?
    /// Why the device stops, or what the verdict is, as a sentence.
    public var message: String?
    /// True when the device is quarantined: it gets no batch until it is re-admitted. An agent
    /// that can reset it (`adb reboot`, `xcrun simctl erase`) does, and reports the reset.
    public var quarantined: Bool?
}

/// What one batch did: each test's result, or why the device could not run it.
@MemberwiseInit(.public)
public struct DeviceBatchReport: Codable, Sendable, Equatable {
    /// The results read (tests that finished before a device failure are kept).
    public var results: [DeviceTestResult]
    /// Set only on the tools' own evidence against the device (adb's `device offline`, `device
    /// not found`, `no devices/emulators found`, a simulator that did not boot, no result in
    /// time): its unfinished tests go back to the queue at no retry's cost, and the device's
    /// failures in a row grow.
    public var deviceFailure: String?
    /// Set when the batch ended without results the agent could read and without evidence
    /// against the device (an APK that would not install, an instrumentation or `.xctestrun`
    /// that is not there, a `run:` command that failed, a tool that would not start): the
    /// step's or its tests' failure. No device is blamed; the unfinished tests go back, and a
    /// test whose batches failed so the same way on two devices gets a failed verdict.
    public var failure: String?
    /// With `failure`, when the output says which tests it struck (the test the
    /// instrumentation process died under): only they count as failed that way; the batch's
    /// other tests without a result go back as if the device had failed. Nil: every test of
    /// the batch without a result.
    public var failureTests: [String]?
}

/// One test's result in one batch.
@MemberwiseInit(.public)
public struct DeviceTestResult: Codable, Sendable, Equatable {
    /// The test, as the batch named it (or a test the runner reported inside a named class or suite).
    public var name: String
    /// What happened.
    public var outcome: DeviceTestOutcome
    /// Seconds it took, when the runner said.
    public var seconds: Double?
    /// The failure's first line, when it failed.
    public var message: String?
}

/// A test's outcome in one attempt.
public enum DeviceTestOutcome: String, Codable, Sendable, CaseIterable {
    /// It passed.
    case passed
    /// It failed (counts against the test).
    case failed
    /// It failed, then passed on the runner's own rerun (a JUnit `flaky` test case): the test
    /// is flaky, as if it had failed and passed in two attempts.
    case flaky
    /// Ignored, or an assumption failed: it did not run.
    case skipped
}

/// A quarantined device its agent reset, asking for it to take batches again.
@MemberwiseInit(.public)
public struct DeviceResetReport: Codable, Sendable, Equatable {
    /// `android` or `ios`.
    public var platform: DevicePlatform
    /// adb's serial or the simulator's UDID.
    public var identifier: String
    /// What the agent did, e.g. `adb -s emulator-5554 reboot`, for the audit log.
    public var reset: String
}
