import Core

/// What decides why a pending job waits, gathered by a store backend from its own tables:
/// the rule itself (`reason`) is decided here, without SQL, so every backend explains a
/// waiting job the same way.
struct PendingJobFacts: Equatable {
    /// One connected agent, as far as the rule cares: its tags and whether its slots are full.
    struct FleetMember: Equatable {
        /// The agent's tags.
        var tags: [String: String]
        /// Whether it holds as many jobs as it has slots.
        var isBusy: Bool
    }

    /// The steps the job depends on whose current attempts have not all passed.
    var unpassedDependencies: [String]
    /// The job's concurrency group when an older unfinished build holds it, else nil.
    var groupHeldElsewhere: String?
    /// What the job needs of an agent.
    var requirements: AgentRequirements
    /// The agents online now.
    var fleet: [FleetMember]

    /// Why the job waits: its dependencies first, then its concurrency group, then the fleet
    /// (nobody online, nobody matching, everybody matching busy), else simply queued.
    var reason: PendingReason {
        if !unpassedDependencies.isEmpty { return .waitingForSteps(unpassedDependencies) }
        if let groupHeldElsewhere { return .waitingForConcurrencyGroup(groupHeldElsewhere) }
        let matching = fleet.filter { requirements.isSatisfied(by: $0.tags) }
        guard !matching.isEmpty else {
            return fleet.isEmpty ? .noAgentOnline : .noMatchingAgent(requirements: requirements.description)
        }
        return matching.allSatisfy(\.isBusy) ? .agentsBusy(matching: matching.count) : .queued
    }
}
