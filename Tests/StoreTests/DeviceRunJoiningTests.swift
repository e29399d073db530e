import Core
import Devices
import Foundation
import Testing
@testable import Store

/// ``DeviceRunJoining``'s rule, case by case: who may join a running `devices:` step.
struct DeviceRunJoiningTests {
    static let step = DeviceStep(platform: .android, minOS: 30, count: 2, runner: .androidInstrumentation, instrumentation: "com.acme.test/R")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func run(tests: [String] = ["T#1", "T#2"]) -> DeviceRun {
        DeviceRunRules.newRun(step: step, tests: tests, history: [], muted: [])
    }

    static func device(_ agentID: Int64, _ serial: String) -> DeviceRunJoining.ReportedDevice {
        DeviceRunJoining.ReportedDevice(agentID: agentID, report: DeviceReport(platform: .android, kind: .emulator, identifier: serial, osVersion: "34", state: .ready))
    }

    static let running = [DeviceRunJoining.StepJob(agentID: 1, state: .running)]
    static let devices = [device(1, "emulator-5554"), device(2, "emulator-5556")]

    @Test("an agent with a free matching device joins a step whose queue has tests")
    func joins() {
        #expect(DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: Self.running, agentID: 2, devices: Self.devices, health: [:]))
    }

    @Test("no join: a finished or empty queue, a waiting or canceled job, no running job, the agent already taking part")
    func refusals() {
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(tests: []), stepJobs: Self.running, agentID: 2, devices: Self.devices, health: [:]))
        let waiting = Self.running + [DeviceRunJoining.StepJob(agentID: nil, state: .pending)]
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: waiting, agentID: 2, devices: Self.devices, health: [:]))
        let canceling = [DeviceRunJoining.StepJob(agentID: 1, state: .running, cancelRequested: true)]
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: canceling, agentID: 2, devices: Self.devices, health: [:]))
        let ended = [DeviceRunJoining.StepJob(agentID: 1, state: .lost)]
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: ended, agentID: 2, devices: Self.devices, health: [:]))
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: Self.running, agentID: 1, devices: Self.devices, health: [:]))
    }

    @Test("no join for a quarantined device; a quarantined device of a taking-part agent does not count towards count")
    func quarantine() {
        var sick = DeviceHealth(device: DeviceKey(agentID: 2, platform: .android, identifier: "emulator-5556"))
        sick.recordFailure("adb: device offline", quarantineAfter: 1, now: Self.now)
        let health = [sick.device: sick]
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: Self.running, agentID: 2, devices: Self.devices, health: health))
        // Agent 1 takes part with two devices, the step's count; one of them quarantined leaves room.
        let two = [Self.device(1, "emulator-5554"), Self.device(1, "emulator-5558"), Self.device(3, "emulator-5560")]
        #expect(!DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: Self.running, agentID: 3, devices: two, health: [:]))
        var lost = DeviceHealth(device: DeviceKey(agentID: 1, platform: .android, identifier: "emulator-5558"))
        lost.recordFailure("adb: device offline", quarantineAfter: 1, now: Self.now)
        #expect(DeviceRunJoining.shouldJoin(run: Self.run(), stepJobs: Self.running, agentID: 3, devices: two, health: [lost.device: lost]))
    }

    @Test("a joined job's label is the step's without its shard suffix, and names the agent")
    func label() {
        #expect(DeviceRunJoining.label(joining: "UI (1/2)", shardIndex: 0, shardCount: 2, agentName: "mac-7") == "UI (joined on mac-7)")
        #expect(DeviceRunJoining.label(joining: "UI", shardIndex: 0, shardCount: 1, agentName: "mac-7") == "UI (joined on mac-7)")
        #expect(DeviceRunJoining.label(joining: "UI (1/2) x", shardIndex: 0, shardCount: 2, agentName: "a") == "UI (1/2) x (joined on a)")
    }
}
