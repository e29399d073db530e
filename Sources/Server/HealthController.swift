import Hummingbird
import Store

/// Liveness and readiness, for load balancers, orchestrators and `mobile-ops status`.
struct HealthController: APIController {
    let database: AppDatabase

    var routes: [Route] {
        [
            Route(.get, "/healthz", scope: nil) { _, _ in
                try .json(Health(status: "ok", version: MobileOpsVersion.current))
            },
            Route(.get, "/readyz", scope: nil) { _, _ in
                let ready = database.isReady()
                let body = Readiness(
                    status: ready ? "ready" : "not_ready",
                    version: MobileOpsVersion.current,
                    database: .init(path: database.path, reachable: ready, migrations: AppDatabase.knownMigrations.count)
                )
                return try .json(body, status: ready ? .ok : .serviceUnavailable)
            },
        ]
    }

    /// `GET /healthz` body.
    struct Health: Codable {
        var status: String
        var version: String
    }

    /// `GET /readyz` body.
    struct Readiness: Codable {
        struct Database: Codable {
            var path: String
            var reachable: Bool
            var migrations: Int
        }
        var status: String
        var version: String
        var database: Database
    }
}

// MARK: - Version

/// The version this binary reports in `/healthz`, `/readyz` and the CLI.
public enum MobileOpsVersion {
    /// Semantic version of the server and CLI.
    public static let current = "0.1.0"
}
