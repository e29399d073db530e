import Core
import Testing
@testable import Store

/// Why a pending job waits, decided without SQL (`PendingJobFacts`), for every backend.
@Suite("Why a pending job waits")
struct PendingJobFactsTests {
    static let ios = AgentRequirements(["platform": ["ios"]])
    static let mac = PendingJobFacts.FleetMember(tags: ["platform": "ios"], isBusy: false)
    static let busyMac = PendingJobFacts.FleetMember(tags: ["platform": "ios"], isBusy: true)
    static let linux = PendingJobFacts.FleetMember(tags: ["platform": "android"], isBusy: false)

    private func reason(waiting: [String] = [], group: String? = nil, fleet: [PendingJobFacts.FleetMember]) -> PendingReason {
        PendingJobFacts(unpassedDependencies: waiting, groupHeldElsewhere: group, requirements: Self.ios, fleet: fleet).reason
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
}
