/// Why a pending job is not running yet, in words a developer can act on.
///
/// Buildkite and Woodpecker leave jobs "waiting" with no explanation; every pending job
/// here carries one of these, shown by the API and the CLI.
public enum PendingReason: Codable, Sendable, Equatable {
    /// Agents are online, but none has the tags the job needs.
    case noMatchingAgent(requirements: String)
    /// No agent at all has polled or heartbeated within the lease.
    case noAgentOnline
    /// Agents that match exist but all their slots are busy.
    case agentsBusy(matching: Int)
    /// Steps this job depends on have not passed yet.
    case waitingForSteps([String])
    /// Another build holds the concurrency group.
    case waitingForConcurrencyGroup(String)
    /// A `devices:` step: matching agents are online, but none has a device that can run
    /// it now (ready, of the platform and OS it needs), e.g. `a ready android device (OS 30 or later)`.
    case noReadyDevice(String)
    /// Nothing blocks it; it is next in line for an agent poll.
    case queued

    /// The reason as one sentence, e.g. `no online agent has xcode=16.2`.
    public var message: String {
        switch self {
        case let .noMatchingAgent(requirements): "no online agent has \(requirements)"
        case .noAgentOnline: "no agent is online (none polled within the lease)"
        case let .agentsBusy(count): "all \(count) matching agent\(count == 1 ? " is" : "s are") busy"
        case let .waitingForSteps(steps): "waiting for step\(steps.count == 1 ? "" : "s") \(steps.joined(separator: ", "))"
        case let .waitingForConcurrencyGroup(group): "waiting for concurrency group \(group)"
        case let .noReadyDevice(device): "no matching online agent has \(device)"
        case .queued: "queued for the next free agent"
        }
    }
}
