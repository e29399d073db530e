import Foundation

/// A build agent as the API lists it.
public struct Agent: Codable, Sendable, Equatable, Identifiable {
    /// Server-assigned id.
    public var id: Int64
    /// Its name.
    public var name: String
    /// Its capabilities.
    public var tags: [String: String]
    /// Jobs it runs at once.
    public var slots: Int
    /// Machine host name.
    public var hostname: String?
    /// Agent version.
    public var version: String?
    /// Where listed, its presence (`busy`, `idle`, `offline`, `revoked`: see `AgentPresence`);
    /// elsewhere its stored state (`connected`, `stopped` or `revoked`).
    public var state: String
    /// When it last polled, started, logged or heartbeated.
    public var lastSeenAt: Date
    /// When it registered.
    public var createdAt: Date
    /// Ids of the jobs it holds now.
    public var runningJobs: [Int64]

    /// Creates an agent value.
    public init(
        id: Int64, name: String, tags: [String: String], slots: Int, hostname: String?, version: String?,
        state: String, lastSeenAt: Date, createdAt: Date, runningJobs: [Int64]
    ) {
        self.id = id
        self.name = name
        self.tags = tags
        self.slots = slots
        self.hostname = hostname
        self.version = version
        self.state = state
        self.lastSeenAt = lastSeenAt
        self.createdAt = createdAt
        self.runningJobs = runningJobs
    }
}
