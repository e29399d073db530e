import Logging
import MemberwiseInit

/// What servers sharing one database need besides the store: a channel to signal each other
/// on, and a lease that picks the one server running the once-per-cluster work.
@MemberwiseInit(.public)
public struct ClusterCoordination: Sendable {
    /// Signals to and from the other servers.
    public let signals: any ClusterSignals
    /// Whether this server is the leader.
    public let leadership: any ClusterLeadership

    /// A server alone on its database: no signals, always the leader.
    public static let singleServer = ClusterCoordination(signals: SingleServerSignals(), leadership: SingleServerLeadership())
}

/// A database that knows how the servers sharing it coordinate.
public protocol ClusterCoordinating: Sendable {
    /// The channel and the lease for servers on this database.
    func clusterCoordination(logger: Logger) -> ClusterCoordination
}
