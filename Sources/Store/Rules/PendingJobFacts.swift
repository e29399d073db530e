import Core

/// What decides why a pending job waits, gathered by a store backend from its own tables:
/// the rule itself (`reason`) is decided here, without SQL, so every backend explains a
/// waiting job the same way.
package struct PendingJobFacts: Equatable {
    /// One connected agent, as far as the rule cares: its tags and whether its slots are full.
    package struct FleetMember: Equatable {
        /// The agent's tags.
        package var tags: [String: String]
        /// Whether it holds as many jobs as it has slots.
        package var isBusy: Bool

        /// Every member, as the memberwise initializer takes them (which is internal).
        package init(tags: [String: String], isBusy: Bool) {
            self.tags = tags
            self.isBusy = isBusy
        }
    }

    /// The steps the job depends on whose current attempts have not all passed.
    package var unpassedDependencies: [String]
    /// The job's concurrency group when an older unfinished build holds it, else nil.
    package var groupHeldElsewhere: String?
    /// What the job needs of an agent.
    package var requirements: AgentRequirements
    /// The agents online now.
    package var fleet: [FleetMember]

    /// Every member, as the memberwise initializer takes them (which is internal).
    package init(unpassedDependencies: [String], groupHeldElsewhere: String? = nil, requirements: AgentRequirements, fleet: [FleetMember]) {
        self.unpassedDependencies = unpassedDependencies
        self.groupHeldElsewhere = groupHeldElsewhere
        self.requirements = requirements
        self.fleet = fleet
    }

    /// Why the job waits: its dependencies first, then its concurrency group, then the fleet
    /// (nobody online, nobody matching, everybody matching busy), else simply queued.
    package var reason: PendingReason {
        if !unpassedDependencies.isEmpty { return .waitingForSteps(unpassedDependencies) }
        if let groupHeldElsewhere { return .waitingForConcurrencyGroup(groupHeldElsewhere) }
        let matching = fleet.filter { requirements.isSatisfied(by: $0.tags) }
        guard !matching.isEmpty else {
            return fleet.isEmpty ? .noAgentOnline : .noMatchingAgent(requirements: requirements.description)
        }
        return matching.allSatisfy(\.isBusy) ? .agentsBusy(matching: matching.count) : .queued
    }
}
