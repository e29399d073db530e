import Core
import MemberwiseInit

/// What decides why a pending job waits, gathered by a store backend from its own tables:
/// the rule itself (`reason`) is decided here, without SQL, so every backend explains a
/// waiting job the same way.
@MemberwiseInit(.package)
package struct PendingJobFacts: Equatable {
    /// One connected agent, as far as the rule cares: its tags and whether its slots are full.
    @MemberwiseInit(.package)
    package struct FleetMember: Equatable {
        /// The agent's id.
        package var id: Int64
        /// The agent's tags.
        package var tags: [String: String]
        /// Whether it holds as many jobs as it has slots.
        package var isBusy: Bool
    }

    /// For a `devices:` step: what it needs, and the agents that report a device able to run
    /// it now.
    @MemberwiseInit(.package)
    package struct DeviceNeed: Equatable {
        /// The step's device request.
        package var step: DeviceStep
        /// Agents with a usable device.
        package var ready: Set<Int64>
    }

    /// The steps the job depends on whose current attempts have not all passed.
    package var unpassedDependencies: [String]
    /// The job's concurrency group when an older unfinished build holds it, else nil.
    package var groupHeldElsewhere: String?
    /// What the job needs of an agent.
    package var requirements: AgentRequirements
    /// The agents online now.
    package var fleet: [FleetMember]
    /// A `devices:` step's need, or nil for any other job.
    package var devices: DeviceNeed?

    /// Why the job waits: its dependencies first, then its concurrency group, then the fleet
    /// (nobody online, nobody matching, no matching agent with a usable device for a
    /// `devices:` step, everybody matching busy), else simply queued.
    package var reason: PendingReason {
        if !unpassedDependencies.isEmpty { return .waitingForSteps(unpassedDependencies) }
        if let groupHeldElsewhere { return .waitingForConcurrencyGroup(groupHeldElsewhere) }
        var matching = fleet.filter { requirements.isSatisfied(by: $0.tags) }
        guard !matching.isEmpty else {
            return fleet.isEmpty ? .noAgentOnline : .noMatchingAgent(requirements: requirements.description)
        }
        if let devices {
            matching = matching.filter { devices.ready.contains($0.id) }
            if matching.isEmpty { return .noReadyDevice(devices.step.wantedDevice) }
        }
        return matching.allSatisfy(\.isBusy) ? .agentsBusy(matching: matching.count) : .queued
    }
}
