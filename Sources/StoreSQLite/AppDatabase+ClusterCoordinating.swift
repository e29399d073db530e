import Logging
import Store

extension AppDatabase: ClusterCoordinating {
    /// One server per SQLite file (the file is locked): it is alone.
    public func clusterCoordination(logger: Logger) -> ClusterCoordination { .singleServer }
}
