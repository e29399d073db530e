import ChildProcesses
import Core
import DI
import Foundation
import ServiceLifecycle
@testable import Server
import TestSupport

/// A composed server listening on a free loopback port, for tests about sockets and
/// connections that `app.test(.router)` cannot show.
struct LiveServer {
    /// The test server behind it; its folder is removed by `stop`.
    let test: TestServer
    /// The server on loopback: its port, and its group and task for a test that stops it itself.
    let loopback: LoopbackServer

    /// The port it listens on.
    var port: Int { loopback.port }
    /// The running group; a test may trigger its shutdown itself.
    var services: ServiceGroup { loopback.services }
    /// The task running the group; a test may cancel a server that does not stop.
    var task: Task<Void, any Error> { loopback.task }

    /// Composes a server with `configure` (and the registrations `customize`) applied, on
    /// `clock` when one is given, and starts it; returns once it listens.
    static func start(
        clock: (any TimeSource)? = nil, configure: (inout ServerConfiguration) -> Void = { _ in },
        customize: (inout ContainerBuilder) -> Void = { _ in }
    ) async throws -> LiveServer {
        let test = try await TestServer.make(clock: clock, configure: configure, customize: customize)
        let loopback = try await LoopbackServer.start(label: "test") { _, onPort in test.server.makeApplication(onServerRunning: onPort) }
        return LiveServer(test: test, loopback: loopback)
    }

    /// Shuts the server down gracefully and removes its folder.
    func stop() async {
        await loopback.stop()
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
