/// Whether this server is the one that runs the work that must happen once per cluster
/// (lease checks, scheduled builds, the release-train scheduler, regression checks, retention).
public protocol ClusterLeadership: Sendable {
    /// True while this server holds the leader lease and may act on it.
    var isLeader: Bool { get }
    /// Tries for the lease and keeps it (or tries again after losing it) until the task is cancelled.
    func run() async
}

/// One server on its own database: always the leader.
public struct SingleServerLeadership: ClusterLeadership {
    /// Creates the always-leading leadership.
    public init() {}

    /// Always true: there is no other server.
    public var isLeader: Bool { true }

    /// Waits for cancellation.
    public func run() async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }
}
