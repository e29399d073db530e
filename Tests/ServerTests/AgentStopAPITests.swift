import Access
import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Scheduling
import Testing
@testable import Server

/// An agent that leaves: `POST /api/v1/agent/stop`, and a long poll whose client closed its
/// connection while parked.
@Suite("Agents that leave, over HTTP")
struct AgentStopAPITests {
    @Test("stop: the agent is offline at once, its unstarted job goes to another agent as attempt 1, its parked poll ends, its token stops working")
    func stop() async throws {
        let server = try await TestServer.make()
        let dispatcher = try await server.server.container.resolve(JobDispatcher.self)
        try await server.test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let buildID = try await AgentAPITests.trigger(client)
            let job = try #require(try await AgentAPITests.next(client, agent: agent))
            let jobID = try #require(job["jobID"] as? Int)
            let parked = Task { try await client.send(.post, "/api/v1/agent/jobs/next?wait=20", token: agent).status }
            for _ in 0..<500 where dispatcher.parkedPolls == 0 { try await Task.sleep(for: .milliseconds(10)) }

            let stopped = try await client.send(.post, "/api/v1/agent/stop", token: agent)
            #expect(stopped.status == .ok)
            #expect(stopped.body["releasedJobs"] as? [Int] == [jobID] && stopped.body["lostJobs"] as? [Int] == [])
            #expect(try await parked.value == .noContent, "its parked poll is answered at once")
            let listed = try await client.send(.get, "/api/v1/agents").body["agents"] as? [[String: Any]]
            #expect(listed?.first?["state"] as? String == "offline")
            let build = try await client.send(.get, "/api/v1/builds/\(buildID)").body
            #expect(((build["jobs"] as? [[String: Any]])?.first { $0["id"] as? Int == jobID })?["state"] as? String == "pending")
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent).status == .unauthorized)
            #expect(try await client.send(.post, "/api/v1/agent/stop", token: agent).status == .unauthorized)

            let other = try await AgentAPITests.registerAgent(client)
            let again = try #require(try await AgentAPITests.next(client, agent: other))
            #expect(again["jobID"] as? Int == jobID && again["attempt"] as? Int == 1, "the same job, no attempt spent")
        }
    }

    /// Sends a long poll on a raw socket, holds the connection until the file `argv[3]` exists
    /// (the test has seen the poll parked; at most 60 s), closes it and prints "left".
    private static let leavingAgent = #"""
    import os, socket, sys, time
    port, token, go = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    connection.sendall(("POST /api/v1/agent/jobs/next?wait=20 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\nContent-Length: 0\r\n\r\n" % token).encode())
    deadline = time.monotonic() + 60
    while not os.path.exists(go) and time.monotonic() < deadline:
        time.sleep(0.02)
    connection.close()
    print("left")
    """#

    @Test("a parked long poll ends when its agent's connection closes, long before its wait, so no job is handed to it")
    func clientLeaves() async throws {
        let server = try await LiveServer.start()
        let dispatcher = try await server.test.server.container.resolve(JobDispatcher.self)
        let auth = try await server.test.server.container.resolve(AgentAuthService.self)
        let registration = try await auth.createRegistrationToken(name: "fleet", actor: "test").value
        let agent = try await auth.register(AgentRegistration(name: "mac-1", tags: ["platform": "ios"], slots: 1), registrationToken: registration).token
        let port = String(server.port)
        // The client leaves once the poll is seen parked (however long that takes under load).
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("leave-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: go) }
        async let left = LiveServer.runPython(Self.leavingAgent, arguments: [port, agent, go])
        for _ in 0..<3000 where dispatcher.parkedPolls == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(dispatcher.parkedPolls == 1, "the poll parked")
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        #expect(try await left == "left")
        // The poll's own wait is 20 s; its end at the disconnect is what counts.
        for _ in 0..<1000 where dispatcher.parkedPolls > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(dispatcher.parkedPolls == 0, "the parked poll ended when its client left")
        await server.stop()
    }
}
