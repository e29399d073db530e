import Foundation
import Logging
import Server
import TestSupport

/// A real MobileOps server on 127.0.0.1 with an ephemeral port and a temp database,
/// for driving the real `mobile-ops` binary against it.
struct LiveServer: Sendable {
    static let adminToken = "cli-test-admin-token-0123456789"
    /// The secrets key every live server starts with.
    static let secretsKey = String(repeating: "c3", count: 32)

    let url: String
    /// The server's folder: its database, and its artifacts in `artifacts/` beside it.
    let directory: URL

    /// The environment that points the `mobile-ops` binary at this server with the admin token.
    var adminEnvironment: [String: String] {
        ["MOBILE_OPS_SERVER": url, "MOBILE_OPS_TOKEN": Self.adminToken]
    }

    /// Starts a server as `run` does and hands `body` the server with its admin environment,
    /// the start most command tests share.
    static func runAsAdmin(_ body: @Sendable (LiveServer, [String: String]) async throws -> Void) async throws {
        try await run { server in try await body(server, server.adminEnvironment) }
    }

    /// Starts a server, runs `body`, then shuts the server down gracefully and removes its files.
    static func run(_ body: @Sendable (LiveServer) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("mobile-ops.sqlite").path
        configuration.adminToken = adminToken
        // Tests hold jobs with no heartbeat while they send and fetch large artifacts: on a
        // loaded machine that outlasts the default minute's lease, and the job is lost.
        configuration.leaseSeconds = 600
        // A secrets key, so `secrets set` can store (docs/secrets.md).
        configuration.secretsKey = try SecretsKeySetting.resolve(environment: [SecretsKeySetting.keyVariable: secretsKey])
        // The example pipelines shipped in the repository.
        configuration.pipelinesPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("pipelines").path
        var logger = Logger(label: "CLITests")
        logger.logLevel = .critical
        let server = try await MobileOpsServer.compose(configuration: configuration, logger: logger)

        try await LoopbackServer.run(label: "CLITests", { _, onPort in server.makeApplication(onServerRunning: onPort) }) { loopback in
            try await body(LiveServer(url: loopback.url, directory: directory))
        }
    }
}
