import DI
import Foundation
import Scheduling
import ServiceLifecycle
import Testing
@testable import Server

/// Graceful shutdown of a real server on loopback with an agent's long poll parked.
@Suite("Graceful shutdown")
struct ShutdownTests {
    @Test("a parked long poll is answered 204 as soon as shutdown starts, and the server stops")
    func parkedPollAnsweredOnShutdown() async throws {
        let server = try await LiveServer.start { $0.pollSeconds = 600 }
        defer { try? FileManager.default.removeItem(at: server.test.directory) }
        let dispatcher = try await server.test.server.container.resolve(JobDispatcher.self)
        // An agent in Python: registers, then long-polls for a job and prints the status.
        let arguments = [String(server.port), TestServer.adminToken, "longpoll", "600"]
        async let printed = LiveServer.runPython(SlowClientScript.source, arguments: arguments)

        // Bounded wait for the poll to park (the agent's own timeouts end it otherwise).
        var waited = 0
        while dispatcher.parkedPolls == 0, waited < 3000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(dispatcher.parkedPolls == 1)

        await server.services.triggerGracefulShutdown()
        // Without the fix the poll holds the server for its full 600 s wait and the agent's
        // 30 s socket timeout ends it with an error instead.
        let output = try await printed
        let answered = output == "204"
        #expect(answered, "\(output)")
        // A server still held by the poll is cancelled rather than waited for.
        if !answered { server.task.cancel() }
        _ = await server.task.result
    }
}
