import ChildProcesses
import DI
import Foundation
import Logging
import ServiceLifecycle
@testable import Server

/// A composed server listening on a free loopback port, for tests about sockets and
/// connections that `app.test(.router)` cannot show.
struct LiveServer {
    /// The test server behind it; its folder is removed by `stop`.
    let test: TestServer
    /// The port it listens on.
    let port: Int
    /// The running group; a test may trigger its shutdown itself.
    let services: ServiceGroup
    /// The task running the group; a test may cancel a server that does not stop.
    let task: Task<Void, any Error>

    /// Composes a server with `configure` (and the registrations `customize`) applied and
    /// starts it; returns once it listens.
    static func start(
        configure: (inout ServerConfiguration) -> Void = { _ in }, customize: (inout ContainerBuilder) -> Void = { _ in }
    ) async throws -> LiveServer {
        let test = try await TestServer.make(configure: configure, customize: customize)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = test.server.makeApplication { port in continuation.yield(port) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            throw CancellationError()
        }
        return LiveServer(test: test, port: port, services: services, task: task)
    }

    /// Shuts the server down gracefully and removes its folder.
    func stop() async {
        await services.triggerGracefulShutdown()
        _ = await task.result
        try? FileManager.default.removeItem(at: test.directory)
    }

    /// Runs a Python script with `arguments` and returns what it printed, trimmed.
    ///
    /// Waits without blocking a thread: the server under test runs on the same small pool.
    /// The script's own socket timeouts bound the wait.
    static func runPython(_ script: String, arguments: [String]) async throws -> String {
        let output = try await Command.run(.command("python3", ["-c", script] + arguments))
        // A traceback belongs in the test's log, next to the failure it explains.
        if !output.standardError.isEmpty { FileHandle.standardError.write(Data(output.standardError)) }
        return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
