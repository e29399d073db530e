import Foundation
import MemberwiseInit

/// A build agent as the API lists it.
@MemberwiseInit(.public)
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
}
