import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Server
import Testing

/// A real MobileOps server on 127.0.0.1 with an ephemeral port and a temp database,
/// for driving the real `mobile-ops` binary against it.
struct LiveServer: Sendable {
    static let adminToken = "cli-test-admin-token-0123456789"

    let url: String
    /// The server's folder: its database, and its artifacts in `artifacts/` beside it.
    let directory: URL

    /// Starts a server, runs `body`, then shuts the server down gracefully and removes its files.
    static func run(_ body: @Sendable (LiveServer) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("mobile-ops.sqlite").path
        configuration.adminToken = adminToken
        // The example pipelines shipped in the repository.
        configuration.pipelinesPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("pipelines").path
        var logger = Logger(label: "CLITests")
        logger.logLevel = .critical
        let server = try await MobileOpsServer.compose(configuration: configuration, logger: logger)

        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.makeApplication { port in continuation.yield(port) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        do {
            try await body(LiveServer(url: "http://127.0.0.1:\(port)", directory: directory))
        } catch {
            await services.triggerGracefulShutdown()
            _ = await task.result
            throw error
        }
        await services.triggerGracefulShutdown()
        _ = await task.result
    }
}
