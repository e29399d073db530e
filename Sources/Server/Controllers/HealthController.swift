import Hummingbird
import Store

/// Liveness and readiness, for load balancers, orchestrators and `mobile-ops status`.
struct HealthController: APIController {
    let database: any StoreAvailability

    var routes: [Route] {
        [
            Route(.get, "/healthz", scope: nil, openAPI: OpenAPIOperation(
                "Liveness and version", tag: "server",
                answers: [.ok("Health")]
            )) { _, _ in
                try .json(Health(status: "ok", version: MobileOpsVersion.current))
            },
            Route(.get, "/readyz", scope: nil, openAPI: OpenAPIOperation(
                "Readiness: the database answers", tag: "server",
                answers: [
                    .ok("Readiness"),
                    .json(503, "Not ready; `reason` says why.", .ref("Readiness")),
                ]
            )) { _, _ in
                // Unauthenticated: the answer says ready or not, never where the data lives
                // or which build runs there. A full disk leaves it ready: reads still work,
                // writes answer 503 `storage_full` and recover by themselves, and with one
                // server per database there is nowhere else to send the traffic.
                let ready = await database.isReady()
                let body = ready ? Readiness(status: "ready") : Readiness(status: "not_ready", reason: "the database is not available")
                return try .json(body, status: ready ? .ok : .serviceUnavailable)
            },
        ]
    }

    /// `GET /healthz` body.
    struct Health: Codable {
        var status: String
        var version: String
    }

    /// `GET /readyz` body: `status` is `ready` or `not_ready`, with a generic `reason` when not.
    struct Readiness: Codable {
        var status: String
        var reason: String?
    }
}

// MARK: - Version

/// The version this binary reports in `/healthz`, `/readyz` and the CLI.
public enum MobileOpsVersion {
    /// Semantic version of the server and CLI.
    public static let current = "0.1.0"
}
