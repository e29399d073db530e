import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Scheduling
import Store
import Synchronization
import Testing
@testable import Server

/// Following a job's log (`?follow=true`): woken by the agent's chunks and the job's end, not
/// by reading the database on a timer, and capped per token.
@Suite("Following a job's log")
struct LogFollowTests {
    /// The job queue, counting the log reads that followers make.
    final class CountingJobQueue: JobQueue {
        let base: any JobQueue
        private let reads = Mutex(0)

        init(_ base: any JobQueue) { self.base = base }

        var logReads: Int { reads.withLock { $0 } }

        func claimNextJob(agent: Agent, leaseSeconds: Double, now: Date) async throws(StoreError) -> JobAssignment? {
            try await base.claimNextJob(agent: agent, leaseSeconds: leaseSeconds, now: now)
        }
        func startJob(id: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective {
            try await base.startJob(id: id, agentID: agentID, leaseSeconds: leaseSeconds, now: now)
        }
        func heartbeat(jobID: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective {
            try await base.heartbeat(jobID: jobID, agentID: agentID, leaseSeconds: leaseSeconds, now: now)
        }
        func appendLog(jobID: Int64, agentID: Int64, sequence: Int, content: [UInt8], now: Date) async throws(StoreError) -> AgentDirective {
            try await base.appendLog(jobID: jobID, agentID: agentID, sequence: sequence, content: content, now: now)
        }
        func recordCheckout(jobID: Int64, agentID: Int64, commitSHA: String, now: Date) async throws(StoreError) {
            try await base.recordCheckout(jobID: jobID, agentID: agentID, commitSHA: commitSHA, now: now)
        }
        func finishJob(id: Int64, agentID: Int64, outcome: JobOutcome, now: Date) async throws(StoreError) {
            try await base.finishJob(id: id, agentID: agentID, outcome: outcome, now: now)
        }
        func releaseJob(id: Int64, agentID: Int64, now: Date) async throws(StoreError) -> Bool {
            try await base.releaseJob(id: id, agentID: agentID, now: now)
        }
        func stopAgent(id: Int64, now: Date) async throws(StoreError) -> AgentStopped {
            try await base.stopAgent(id: id, now: now)
        }
        func expireLeases(now: Date) async throws(StoreError) -> [Int64] {
            try await base.expireLeases(now: now)
        }
        func jobLog(jobID: Int64, after sequence: Int?) async throws(StoreError) -> (chunks: [(sequence: Int, content: [UInt8])], finished: Bool) {
            reads.withLock { $0 += 1 }
            return try await base.jobLog(jobID: jobID, after: sequence)
        }
    }

    /// Posts one log chunk for the job as its agent.
    static func log(_ client: some TestClientProtocol, job: Int, agent: String, sequence: Int, _ text: String) async throws -> HTTPResponse.Status {
        try await client.execute(
            uri: "/api/v1/agent/jobs/\(job)/log", method: .post,
            headers: [.authorization: "Bearer \(agent)", HTTPField.Name("X-Log-Sequence")!: "\(sequence)"],
            body: ByteBuffer(string: text)
        ).status
    }

    /// Waits, in small steps and for at most 20 s, until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<2000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("a follower reads again when a chunk arrives and when the job ends, and not while nothing happens")
    func wokenNotPolling() async throws {
        // An hour between unwoken reads: only a wake can make the follower read again in this test.
        let server = try await TestServer.make(configure: { $0.clusterPollSeconds = 3600 }) { builder in
            builder.override((any JobQueue).self, .singleton) { (database: any StoreDatabase) -> any JobQueue in CountingJobQueue(database) }
        }
        let followers = try await server.server.container.resolve(LogFollowers.self)
        let queue = try #require(try await server.server.container.resolve((any JobQueue).self) as? CountingJobQueue)
        try await server.test { client in
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            #expect(try await Self.log(client, job: job, agent: agent, sequence: 0, "first\n") == .ok)
            let follow = Task {
                try await client.execute(uri: "/api/v1/jobs/\(job)/log?follow=true", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            }
            try await Self.eventually { followers.count == 1 && queue.logReads == 1 }
            #expect(queue.logReads == 1, "the follower read the log once")
            try await Task.sleep(for: .seconds(1))
            #expect(queue.logReads == 1, "while nothing happens the follower does not read the database")

            #expect(try await Self.log(client, job: job, agent: agent, sequence: 1, "second\n") == .ok)
            try await Self.eventually { queue.logReads >= 2 }
            #expect(queue.logReads == 2, "the chunk woke the follower, which read once")

            let finished = try await client.send(.post, "/api/v1/agent/jobs/\(job)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            #expect(finished.status == .ok)
            let response = try await follow.value
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "first\nsecond\n")
            #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            try await Self.eventually { followers.count == 0 }
            #expect(followers.count == 0, "an ended follow is forgotten")
        }
    }

    @Test("a follower of a job whose agent stops sees its log end at once, not at its next unwoken read", .timeLimit(.minutes(3)))
    func agentStopEndsFollow() async throws {
        // An hour between unwoken reads: only the stop's wake can end this follow in time.
        let server = try await TestServer.make(configure: { $0.clusterPollSeconds = 3600 })
        let followers = try await server.server.container.resolve(LogFollowers.self)
        try await server.test { client in
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            #expect(try await Self.log(client, job: job, agent: agent, sequence: 0, "first\n") == .ok)
            let follow = Task {
                try await client.execute(uri: "/api/v1/jobs/\(job)/log?follow=true", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            }
            try await Self.eventually { followers.count == 1 }
            #expect(try await client.send(.post, "/api/v1/agent/stop", token: agent).status == .ok)
            let response = try await follow.value
            #expect(response.status == .ok)
            #expect(String(buffer: response.body).hasPrefix("first\n"))
        }
    }

    @Test("past the followers one token may have, a follow is answered 429 too_many_followers as documented; others are not")
    func capPerToken() async throws {
        let server = try await TestServer.make(configure: { $0.maxLogFollowersPerToken = 2 })
        let followers = try await server.server.container.resolve(LogFollowers.self)
        try await server.test { client in
            let document = try await OpenAPITests.document(client)
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            let held = (0..<2).map { _ in
                Task { try await client.execute(uri: "/api/v1/jobs/\(job)/log?follow=true", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"]).status }
            }
            try await Self.eventually { followers.count == 2 }
            #expect(followers.count == 2)
            let refused = try await OpenAPITests.conforming(
                client, document, .get, "/api/v1/jobs/\(job)/log?follow=true", documentedAs: "/api/v1/jobs/{id}/log", status: .tooManyRequests)
            #expect(refused["error"]?["code"] == .string("too_many_followers"))
            let plain = try await client.execute(uri: "/api/v1/jobs/\(job)/log", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(plain.status == .ok, "reading without follow is not capped")

            let reader = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "another reader", "scopes": ["read"]}"#)
            let other = try #require(reader.body["token"] as? String)
            let theirs = Task { try await client.execute(uri: "/api/v1/jobs/\(job)/log?follow=true", method: .get, headers: [.authorization: "Bearer \(other)"]).status }
            try await Self.eventually { followers.count == 3 }
            #expect(followers.count == 3, "another token has followers of its own")

            _ = try await client.send(.post, "/api/v1/agent/jobs/\(job)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            for task in held + [theirs] { #expect(try await task.value == .ok) }
            try await Self.eventually { followers.count == 0 }
            #expect(followers.count == 0)
        }
    }
}
