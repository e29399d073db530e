import DI
import Foundation
import Logging
import Scheduling
import ServiceLifecycle
import Testing
@testable import Server

/// Graceful shutdown of a real server on loopback with an agent's long poll parked.
@Suite("Graceful shutdown")
struct ShutdownTests {
    /// An agent in Python: registers, says so, then long-polls for a job and prints the status.
    private static let agent = #"""
    import json, sys, urllib.request
    port, admin = int(sys.argv[1]), sys.argv[2]
    base = "http://127.0.0.1:%d" % port
    def post(path, token, body):
        request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    _, created = post("/api/v1/agents/tokens", admin, {"name": "fleet"})
    _, registered = post("/api/v1/agents/register", json.loads(created)["token"], {"name": "mac-1", "tags": {"platform": "ios"}, "slots": 1})
    agent = json.loads(registered)["token"]
    try:
        status, _ = post("/api/v1/agent/jobs/next?wait=600", agent, {})
        print(status)
    except Exception as error:
        print("error", error)
    """#

    @Test("a parked long poll is answered 204 as soon as shutdown starts, and the server stops")
    func parkedPollAnsweredOnShutdown() async throws {
        let test = try await TestServer.make { $0.pollSeconds = 600 }
        defer { try? FileManager.default.removeItem(at: test.directory) }
        let dispatcher = try await test.server.container.resolve(JobDispatcher.self)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = test.server.makeApplication { port in continuation.yield(port) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.agent, String(port), TestServer.adminToken]
        let output = Pipe()
        process.standardOutput = output
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()

        // Bounded wait for the poll to park (the agent's own timeouts end it otherwise).
        var waited = 0
        while dispatcher.parkedPolls == 0, waited < 3000, process.isRunning {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(dispatcher.parkedPolls == 1)

        await services.triggerGracefulShutdown()
        // Without the fix the poll holds the server for its full 600 s wait and the agent's
        // 30 s socket timeout ends it with an error instead.
        for await _ in exited.stream {}
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let answered = printed.trimmingCharacters(in: .whitespacesAndNewlines) == "204"
        #expect(answered, "\(printed)")
        // A server still held by the poll is cancelled rather than waited for.
        if !answered { task.cancel() }
        _ = await task.result
    }
}
