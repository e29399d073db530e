import Logging
import Store

extension PostgresAppDatabase: ClusterCoordinating {
    /// `LISTEN`/`NOTIFY` signals and an advisory-lock leader lease on this database.
    public func clusterCoordination(logger: Logger) -> ClusterCoordination {
        ClusterCoordination(signals: PostgresClusterSignals(database: self, logger: logger), leadership: PostgresLeaderLease(location: location, logger: logger))
    }
}
