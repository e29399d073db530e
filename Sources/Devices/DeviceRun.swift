import Core
import Foundation

/// One `devices:` step of one build: its queue, the batches handed to devices, every test's
/// attempts and verdicts. Every server decides with this one value (the store keeps it as a
/// document and changes it in one transaction), so backends cannot disagree.
///
/// Retries know why: a batch a device failed goes back whole and costs no test a retry
/// (results that arrived before the failure are kept); a failed test is queued again for a
/// different device, within a per-test and a per-step quota.
public struct DeviceRun: Codable, Sendable, Equatable {
    /// The step's rules, as its job spec gave them.
    public var step: DeviceStep
    /// Every test, in the order the list named them.
    public var tests: [DeviceRunTest]
    /// The runs not handed out yet.
    public var queue: TestQueue
    /// Every batch handed out, oldest first.
    public var batches: [DeviceRunBatch]
    /// Retries spent over the whole step.
    public var retriesUsed: Int
    /// When each device last asked for work: devices seen lately may take a retry, so a
    /// retry waits for another device only while there is one.
    public var lastSeen: [DeviceSighting]
    /// Why the run was ended before every test ran to a verdict (every matching device was
    /// quarantined); its tests without a verdict then failed. Nil for a run that ran out.
    public var stopReason: String?

    /// A device that asked within this many seconds counts as present.
    public static let presenceSeconds: Double = 30
    /// What a device with nothing to do now is told to wait before asking again.
    public static let retryAfterSeconds: Double = 2

    /// The run of `tests` (with their history) under the step's rules; `muted` tests' failures
    /// do not fail it.
    public init(step: DeviceStep, tests: [TestHistoryFacts], muted: Set<String> = [], unknownTestSeconds: Double = 120) {
        let flakiness = step.flakyTarget.map { FlakinessCopies(target: $0, maximum: step.flakyCopies) }
        let planner = BatchPlanner(unknownTestSeconds: unknownTestSeconds, flakiness: flakiness)
        let queue = planner.queue(for: tests)
        var seen: Set<String> = []
        self.step = step
        self.queue = queue
        self.tests = tests.filter { seen.insert($0.name).inserted }.map { facts in
            var test = DeviceRunTest(name: facts.name, expectedSeconds: planner.expectedSeconds(facts))
            test.copies = queue.waiting(facts.name)
            test.muted = muted.contains(facts.name)
            return test
        }
        self.batches = []
        self.retriesUsed = 0
        self.lastSeen = []
    }

    /// Whether every test has its verdict.
    public var isFinished: Bool { tests.allSatisfy { $0.verdict != nil } }

    /// Whether no test failed, muted ones aside (flaky and skipped tests do not fail the step),
    /// and the run was not ended early.
    public var passed: Bool { stopReason == nil && !tests.contains { $0.verdict == .failed && !$0.muted } }

    /// The verdicts as a sentence.
    public var summary: String {
        var counts: [DeviceTestVerdict: Int] = [:]
        for test in tests { if let verdict = test.verdict { counts[verdict, default: 0] += 1 } }
        let parts = DeviceTestVerdict.allCases.compactMap { verdict in counts[verdict].map { "\($0) \(verdict.rawValue)" } }
        let muted = tests.filter { $0.muted && $0.verdict == .failed }.count
        return "\(tests.count) tests: " + (parts.isEmpty ? "none run" : parts.joined(separator: ", ")) + (muted > 0 ? " (\(muted) failed muted)" : "")
            + (stopReason.map { "; stopped: \($0)" } ?? "")
    }

    /// The index of `name` among the tests.
    func index(of name: String) -> Int? { tests.firstIndex { $0.name == name } }
}

/// One test of a run: its attempts and verdict.
public struct DeviceRunTest: Codable, Sendable, Equatable {
    /// The test's name.
    public var name: String
    /// Expected seconds (p80 of history, or the default for an unknown test).
    public var expectedSeconds: Double
    /// Runs planned up front (more than one for a test history calls flaky).
    public var copies: Int = 1
    /// Whether it was muted when the run began: its failure does not fail the step.
    public var muted: Bool = false
    /// Retries spent on it.
    public var retries: Int = 0
    /// Every attempt that ran to a result, oldest first.
    public var attempts: [DeviceTestAttempt] = []
    /// The verdict, once known.
    public var verdict: DeviceTestVerdict?

    /// Creates a test.
    public init(name: String, expectedSeconds: Double) {
        self.name = name
        self.expectedSeconds = expectedSeconds
    }
}

/// One attempt of a test on a device.
public struct DeviceTestAttempt: Codable, Sendable, Equatable {
    /// The batch it ran in.
    public var batch: Int
    /// The device.
    public var device: DeviceKey
    /// What happened.
    public var outcome: DeviceTestOutcome
    /// Seconds, when reported.
    public var seconds: Double?
    /// The failure's message, when it failed.
    public var message: String?
}

/// A test's verdict.
public enum DeviceTestVerdict: String, Codable, Sendable, CaseIterable {
    /// Every attempt passed.
    case passed
    /// Failed, then passed on another attempt (any-pass steps): recorded flaky, not failing the step.
    case flaky
    /// Failed (every attempt, or one attempt in an all-pass step).
    case failed
    /// Did not run (ignored, or an assumption failed).
    case skipped
}

/// One batch handed to a device.
public struct DeviceRunBatch: Codable, Sendable, Equatable {
    /// Its number within the run (1, 2, …).
    public var id: Int
    /// The job whose agent holds the device.
    public var jobID: Int64
    /// The device.
    public var device: DeviceKey
    /// The runs in it.
    public var tests: [PlannedTest]
    /// When it was handed out.
    public var startedAt: Date
    /// When it counts as the device's failure if no result came.
    public var deadline: Date
    /// When it ended; nil while it runs.
    public var endedAt: Date?
    /// How it ended; nil while it runs.
    public var outcome: DeviceBatchOutcome?
    /// Why, for a batch that did not finish.
    public var reason: String?
    /// For a batch that ``DeviceBatchOutcome/failed``: the tests its failure struck, when the
    /// output said (the test the instrumentation died under); nil for every test without a result.
    public var failureTests: [String]?
}

/// How a batch ended.
public enum DeviceBatchOutcome: String, Codable, Sendable {
    /// Results came for it.
    case finished
    /// The device failed it (adb's device errors, a simulator that did not boot, no result in
    /// time): its unfinished tests went back, and the device was charged.
    case deviceFailed = "device_failed"
    /// It ended without results the agent could read and without evidence against the device
    /// (a missing APK, a wrong instrumentation, a failing `run:` command, an app crash): its
    /// unfinished tests went back, or failed when they failed so on two devices; no device charged.
    case failed
    /// Its job ended without reporting it (the agent was lost): its tests went back, no device blamed.
    case returned
}

/// When a device last asked for work.
public struct DeviceSighting: Codable, Sendable, Equatable {
    /// The device.
    public var device: DeviceKey
    /// When it asked.
    public var at: Date
}
