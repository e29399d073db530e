import Core
import Testing
@testable import Store

/// Why a pending job waits, decided without SQL (`PendingJobFacts`), for every backend.
@Suite("Why a pending job waits")
struct PendingJobFactsTests {
    static let ios = AgentRequirements(["platform": ["ios"]])
    static let mac = PendingJobFacts.FleetMember(id: 1, tags: ["platform": "ios"], isBusy: false)
    static let busyMac = PendingJobFacts.FleetMember(id: 2, tags: ["platform": "ios"], isBusy: true)
    static let linux = PendingJobFacts.FleetMember(id: 3, tags: ["platform": "android"], isBusy: false)

    private func reason(
        waiting: [String] = [], group: String? = nil, fleet: [PendingJobFacts.FleetMember], devices: PendingJobFacts.DeviceNeed? = nil
    ) -> PendingReason {
        PendingJobFacts(unpassedDependencies: waiting, groupHeldElsewhere: group, requirements: Self.ios, fleet: fleet, devices: devices).reason
    }

    @Test("dependencies come first, then the concurrency group, whatever the fleet")
    func order() {
        #expect(reason(waiting: ["build"], group: "deploy", fleet: []) == .waitingForSteps(["build"]))
        #expect(reason(group: "deploy", fleet: [Self.mac]) == .waitingForConcurrencyGroup("deploy"))
    }

    @Test("then the fleet: nobody online, nobody matching, every match busy, or queued")
    func fleet() {
        #expect(reason(fleet: []) == .noAgentOnline)
        #expect(reason(fleet: [Self.linux]) == .noMatchingAgent(requirements: Self.ios.description))
        #expect(reason(fleet: [Self.busyMac, Self.busyMac, Self.linux]) == .agentsBusy(matching: 2))
        #expect(reason(fleet: [Self.busyMac, Self.mac]) == .queued)
    }

    @Test("a devices: step waits for a matching agent with a usable device, and is busy only when those are")
    func devices() {
        let step = DeviceStep(platform: .ios, minOS: 17)
        #expect(step.wantedDevice == "a ready ios device (OS 17 or later)")
        let none = PendingJobFacts.DeviceNeed(step: step, ready: [3])
        #expect(reason(fleet: [Self.mac, Self.linux], devices: none) == .noReadyDevice("a ready ios device (OS 17 or later)"))
        #expect(PendingReason.noReadyDevice(step.wantedDevice).message == "no matching online agent has a ready ios device (OS 17 or later)")
        #expect(reason(fleet: [Self.mac, Self.busyMac], devices: .init(step: step, ready: [2])) == .agentsBusy(matching: 1))
        #expect(reason(fleet: [Self.mac, Self.busyMac], devices: .init(step: step, ready: [1, 2])) == .queued)
        #expect(reason(fleet: [Self.linux], devices: none) == .noMatchingAgent(requirements: Self.ios.description), "tags first")
    }
}
