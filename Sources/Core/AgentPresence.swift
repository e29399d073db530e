import Foundation

/// Whether an agent can take work right now: the one vocabulary the agents list, the
/// dashboard, `/metrics` and pending reasons share.
///
/// An agent is heard from on every poll and heartbeat (`lastSeenAt`). Silent for longer than
/// the job lease, it is `offline` everywhere, because by then the server has also given up
/// on the jobs it held.
public enum AgentPresence: String, Codable, Sendable, CaseIterable {
    /// Heard from recently and holding at least one job.
    case busy
    /// Heard from recently and holding no job.
    case idle
    /// Not heard from within the lease, or said it stopped.
    case offline
    /// Its registration token was revoked; it will never be given work again.
    case revoked

    /// The presence of an agent whose stored state is `storedState` (`connected`, `stopped`
    /// or `revoked`), last heard from at `lastSeenAt`, holding `heldJobs` jobs, judged at `now`.
    /// An agent that said it stopped is offline at once, however recently it was heard from.
    public static func of(storedState: String, lastSeenAt: Date, heldJobs: Int, now: Date, window: TimeInterval) -> AgentPresence {
        if storedState == revoked.rawValue { return .revoked }
        if storedState == stoppedState { return .offline }
        if !isHeard(lastSeenAt: lastSeenAt, now: now, window: window) { return .offline }
        return heldJobs > 0 ? .busy : .idle
    }

    /// Whether an agent last heard from at `lastSeenAt` still counts as online at `now`.
    public static func isHeard(lastSeenAt: Date, now: Date, window: TimeInterval) -> Bool {
        lastSeenAt > now.addingTimeInterval(-window)
    }

    /// The stored state of an agent that told the server it stopped (`POST /agent/stop`).
    public static let stoppedState = "stopped"

    /// Whether the agent can be given work.
    public var isOnline: Bool { self == .busy || self == .idle }
}
