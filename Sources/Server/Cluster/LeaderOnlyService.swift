import ServiceLifecycle
import Store

/// Runs a service only while this server is the cluster's leader: the work that must happen
/// once per cluster (lease checks, scheduled builds, the release-train scheduler, regression
/// checks, retention).
///
/// The service starts when this server becomes leader and is cancelled as soon as it stops
/// being leader, so two servers never run it at once for longer than the lease's trust
/// window; a server that becomes leader again starts it afresh. On one server alone (SQLite)
/// the server is always the leader and the service simply runs.
struct LeaderOnlyService: Service {
    /// The once-per-cluster service.
    let service: any Service
    /// Whether this server leads.
    let leadership: any ClusterLeadership
    /// How often leadership is looked at: how late the work starts after a takeover.
    var checkInterval: Duration = .milliseconds(250)

    /// Follows leadership until graceful shutdown.
    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                guard leadership.isLeader else {
                    try? await Task.sleep(for: checkInterval)
                    continue
                }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { try? await service.run() }
                    while !Task.isCancelled, leadership.isLeader {
                        try? await Task.sleep(for: checkInterval)
                    }
                    group.cancelAll()
                }
            }
        }
    }
}
