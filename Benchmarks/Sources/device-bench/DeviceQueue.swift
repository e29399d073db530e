import Core
import Devices
import Foundation

/// The server's own device queue on the simulated fleet: one `DeviceRun` (the value every
/// server decides with), asked by each device when it is free (`nextBatch`) and told what each
/// batch did when it ends (`record`), with `DeviceHealth` quarantining devices as the store
/// does (``DeviceQueueSimulation/noteReport(_:report:device:now:)``). Nothing of the
/// scheduling is the benchmark's: batch sizes, copies, retries, which device may take a retry
/// and when a device must wait are all `DeviceRun`'s answers.
///
/// Event-driven on a virtual clock (seconds; `Date(timeIntervalSince1970:)` for the run): a
/// batch's results reach the run when it ends, never before.
struct DeviceQueueSimulation {
    /// The tests, their history and their drawn runs.
    let suite: SimulatedSuite
    /// The devices, the bad ones, the start-up of a batch.
    let fleet: Fleet
    /// Passed to every `nextBatch`, as the server passes its default.
    let budget: BatchBudget
    /// The step's run: the server's value, changed only through its public calls.
    var run: DeviceRun
    /// The devices' health, as the store's `deviceHealth` rows hold it.
    var health: [DeviceKey: DeviceHealth] = [:]
    /// Device time spent and useful, shared with the baselines.
    var ledger: RunLedger
    /// Asks and reports to come, in time order.
    var events = EventList<FleetEvent>()
    /// Device `i` is `android emulator-(5554 + 2i)` on agent `i + 1`, held through job `i + 1`.
    let keys: [DeviceKey]
    /// The suite's index of each test name the run hands out.
    let indexByName: [String: Int]
    /// When each quarantined device was quarantined, seconds.
    var quarantinedAt: [Int: Double] = [:]
    /// The last time a batch was handed out or ended: a run that makes no progress for
    /// ``stallSeconds`` with nothing running is stuck, and the simulation says so instead of
    /// looping on waits forever.
    var lastProgress = 0.0
    /// Whether the simulation gave up on a stuck run.
    var stalled = false
    /// Every ask a device made, answered with a batch or not.
    var asks = 0
    /// Reports the run refused (their batch was already taken back).
    var rejectedReports = 0
    /// How long nothing may run before the run counts as stuck.
    static let stallSeconds = 3_600.0

    /// The run of `suite` under `step` on `fleet`, before any device asked.
    init(_ suite: SimulatedSuite, fleet: Fleet, step: DeviceStep, budget: BatchBudget) {
        self.suite = suite
        self.fleet = fleet
        self.budget = budget
        run = DeviceRun(step: step, tests: suite.tests.map(\.history))
        ledger = RunLedger(suite: suite)
        keys = (0..<fleet.devices).map { DeviceKey(agentID: Int64($0 + 1), platform: step.platform, identifier: "emulator-\(5554 + 2 * $0)") }
        var indexByName: [String: Int] = [:]
        for (index, test) in suite.tests.enumerated() { indexByName[test.name] = index }
        self.indexByName = indexByName
    }

    /// The job through which device `device` asks and reports.
    func jobID(_ device: Int) -> Int64 { Int64(device + 1) }

    /// Runs the fleet until every device heard that the run is over (or the run stalled).
    /// The makespan is when the last device heard it: the agents' jobs end only then. Since a
    /// waiting device also wakes when a batch ends, that is when the last batch ends.
    mutating func simulate() -> FleetOutcome {
        for device in 0..<fleet.devices { events.add(.ask(device: device), at: 0) }
        var makespan = 0.0
        while let next = events.next() {
            let now = next.time
            switch next.event {
            case .ask(let device):
                ask(device, now: now)
            case .batchEnds(let device, let batchID, let report):
                lastProgress = now
                end(batchID, on: device, report: report, now: now)
            }
            makespan = now
            if now - lastProgress > Self.stallSeconds, nextBatchEnd == nil {
                stalled = true
                makespan = lastProgress
                break
            }
        }
        return ledger.outcome(makespan: makespan)
    }

    /// When the first running batch ends; nil when none runs.
    var nextBatchEnd: Double? {
        events.firstTime { if case .batchEnds = $0 { true } else { false } }
    }

    /// One ask, answered as `DeviceRunRules.next` answers it: batches nobody will report taken
    /// back first, then the verdict, a quarantined device's wait, or `nextBatch`.
    mutating func ask(_ device: Int, now: Double) {
        asks += 1
        let date = Date(timeIntervalSince1970: now)
        reclaim(now: date)
        let answer: DeviceBatchAnswer
        if run.isFinished {
            answer = run.finishedAnswer()
        } else if let waiting = quarantinedAnswer(for: device, now: date) {
            answer = waiting
        } else {
            answer = run.nextBatch(for: keys[device], jobID: jobID(device), now: date, budget: budget)
        }
        // Told to stop (every test has its verdict), the device's loop ends.
        guard !answer.stop else { return }
        if let batch = answer.batch {
            lastProgress = now
            start(batch, on: device, now: now)
        } else {
            // The agent sleeps as told; here it also wakes when a batch ends, which is when the
            // run can change, so a wait is never longer than the server asked for (a real
            // agent sleeps the whole 2 s, 10 s when quarantined, and may hear up to that later).
            let retry = answer.retryAfterSeconds ?? DeviceRun.retryAfterSeconds
            events.add(.ask(device: device), at: min(now + retry, nextBatchEnd ?? .infinity))
        }
    }

    /// Runs `batch` on `device` with the suite's drawn times and outcomes. A bad device goes
    /// offline half-way: the tests that finished before then are reported, with adb's error.
    mutating func start(_ batch: DeviceBatch, on device: Int, now: Double) {
        let indices = batch.tests.map { indexByName[$0] ?? 0 }
        ledger.spend(fleet.overhead)
        var time = now + fleet.overhead
        var results: [DeviceTestResult] = []
        var deviceFailure: String?
        if fleet.bad.contains(device) {
            let half = indices.reduce(0) { $0 + ledger.nextSeconds($1) } / 2
            var elapsed = 0.0
            for index in indices where elapsed + ledger.nextSeconds(index) <= half {
                let (seconds, passed) = ledger.run(index)
                results.append(Self.result(suite.tests[index].name, seconds: seconds, passed: passed))
                elapsed += seconds
            }
            // The test running when the device dropped: its time is spent, its run never counts.
            ledger.spend(half - elapsed)
            time += half
            deviceFailure = "adb: device offline"
        } else {
            for index in indices {
                let (seconds, passed) = ledger.run(index)
                results.append(Self.result(suite.tests[index].name, seconds: seconds, passed: passed))
                time += seconds
            }
        }
        let report = DeviceBatchReport(results: results, deviceFailure: deviceFailure)
        events.add(.batchEnds(device: device, batchID: batch.id, report: report), at: time)
    }

    /// The report reaches the server (`record`, then the health rule), and the agent, told the
    /// run is not over, asks for its next batch at once.
    mutating func end(_ batchID: Int, on device: Int, report: DeviceBatchReport, now: Double) {
        let date = Date(timeIntervalSince1970: now)
        do {
            let failure = try run.record(batchID: batchID, jobID: jobID(device), report: report, now: date)
            noteReport(failure, report: report, device: device, now: now)
        } catch {
            // The server refuses a report for a batch it already took back (past its time
            // limit); the agent logs it and asks again, as here.
            rejectedReports += 1
        }
        // The report's answer says stop once every test has its verdict; else the agent asks.
        if !run.isFinished { events.add(.ask(device: device), at: now) }
    }

    /// A test's result as the instrumentation output gives it.
    static func result(_ name: String, seconds: Double, passed: Bool) -> DeviceTestResult {
        DeviceTestResult(name: name, outcome: passed ? .passed : .failed, seconds: seconds, message: passed ? nil : "assertion failed")
    }
}

extension DeviceQueueSimulation {
    /// One line on what the run itself says: its verdicts, its batches, the devices it
    /// quarantined, and how long the simulation took (`seconds`: every ask and report goes
    /// through the server's own code, which reads the whole run each time).
    func account(seconds: Double) -> String {
        let lost = run.batches.filter { $0.outcome == .deviceFailed }.count
        let quarantined = quarantinedAt.sorted { $0.key < $1.key }
            .map { "\(keys[$0.key].identifier) at \(String(format: "%.1f", $0.value / 60)) min" }
        return "  DeviceRun: \(run.summary); \(run.batches.count) batches (\(lost) lost with their device), \(asks) asks"
            + (quarantined.isEmpty ? "" : "; quarantined: " + quarantined.joined(separator: ", "))
            + (rejectedReports > 0 ? "; \(rejectedReports) reports refused" : "")
            + (stalled ? "; STALLED: nothing ran for \(Int(Self.stallSeconds)) s" : "")
            + String(format: "; simulated in %.1f s", seconds)
    }
}
