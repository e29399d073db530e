import ChildProcesses
import Core
import DI
import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Notifications
import ReleaseDriver
import Testing
@testable import Server
import TestSupport

/// Trains and releases over HTTP: definitions, refused transitions, restarts, notes.
@Suite("Release train API")
struct ReleaseTrainAPITests {
    static let manualTrain = #"{"name": "hand-train", "repository": "acme/hand", "platforms": ["android"], "rc_pipeline": "release-candidate", "signoff": ["qa"]}"#

    /// Registers `acme/hand`, the manual train's repository, with a clone URL nothing answers
    /// at (the tests here never cut its branches); answers its id.
    @discardableResult
    static func registerHand(_ client: any TestClientProtocol) async throws -> Int {
        let created = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/hand", "provider": "github", "cloneURL": "/nonexistent/acme/hand.git"}"#)
        return try #require(created.body["id"] as? Int, "\(created.body)")
    }

    @Test("trains are defined by YAML or JSON; bad definitions answer 400 with positions; admin only")
    func defineTrains() async throws {
        try await TestServer.make(configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            try await Self.registerHand(client)
            let created = try await client.send(.post, "/api/v1/trains", json: Self.manualTrain)
            #expect(created.status == .created)
            #expect(created.body["problems"] as? [String] == [])
            #expect(created.body["source"] as? String == "api")
            #expect((created.body["definition"] as? [String: Any])?["cadence"] as? String == "manual")
            let bad = try await client.send(.post, "/api/v1/trains", json: "name: broken\nrepository: acme/x\nplatforms: [windows]\nrc_pipelin: rc\n")
            #expect(bad.status == .badRequest)
            #expect(bad.body.errorCode == "invalid_train")
            #expect(bad.body.errorMessage?.contains("request body:3:") == true)
            #expect(bad.body.errorMessage?.contains("rc_pipeline") == true)
            // A repository the server does not know, a pipeline it has not loaded: refused where
            // they are written, in the file the client names.
            let unknown = "name: other\nrepository: acme/nope\nplatforms: [ios]\nrc_pipeline: release-candidat\n"
            let refused = try await client.send(.post, "/api/v1/trains?file=trains/other.yml", json: unknown)
            #expect(refused.status == .badRequest)
            #expect(refused.body.errorCode == "invalid_train")
            let message = refused.body.errorMessage ?? ""
            #expect(message.contains("trains/other.yml:2:13: repository acme/nope is not registered") && message.contains("mobile-ops repos add"), "\(message)")
            #expect(message.contains("trains/other.yml:4:14: rc_pipeline: no pipeline 'release-candidat' is loaded; did you mean 'release-candidate'?"), "\(message)")
            #expect(!message.contains("request body"))
            #expect(try await client.send(.get, "/api/v1/trains/other").status == .notFound)
            #expect(try await client.send(.post, "/api/v1/trains?file=", json: Self.manualTrain).body.errorCode == "invalid_file")
            let shown = try await client.send(.get, "/api/v1/trains/hand-train")
            #expect(shown.body["name"] as? String == "hand-train")
            #expect(try await client.send(.get, "/api/v1/trains/nope").status == .notFound)

            let token = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "ci", "scopes": ["write"]}"#)
            let write = try #require(token.body["token"] as? String)
            #expect(try await client.send(.post, "/api/v1/trains", token: write, json: Self.manualTrain).status == .forbidden)
        }
    }

    @Test("a billion-laughs train, aliases used as a mapping key, is a 400 and the server keeps answering")
    func aliasBomb() async throws {
        let bomb = BillionLaughsYAML.document(use: "? *a8\n: boom")
        try await TestServer.make(configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            let refused = try await client.send(.post, "/api/v1/trains", json: bomb)
            #expect(refused.status == .badRequest)
            #expect(refused.body.errorCode == "invalid_train")
            #expect(refused.body.errorMessage?.contains("expands to more than") == true, "\(refused.body)")
            #expect(try await client.send(.get, "/healthz", token: nil).status == .ok)
        }
    }

    @Test("every refused transition answers 409 with the allowed actions")
    func invalidTransitions() async throws {
        try await TestServer.make(configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            let repository = try await Self.registerHand(client)
            _ = try await client.send(.post, "/api/v1/trains", json: Self.manualTrain)
            let started = try await client.send(.post, "/api/v1/releases", json: #"{"train": "hand-train"}"#)
            #expect(started.status == .created)
            #expect(started.body["allowedActions"] as? [String] == ["advance", "halt", "cancel", "fail"])
            #expect(started.body["version"] as? String == "1.0.0")
            #expect(started.body["state"] as? String == "scheduled")
            let id = try #require(started.body["id"] as? Int)
            #expect(try await client.send(.post, "/api/v1/releases", json: #"{"train": "hand-train"}"#).body["version"] as? String == "1.1.0")

            for (action, body) in [("approve", #"{"gate": "qa"}"#), ("resume", "{}"), ("hotfix", "{}")] {
                let refused = try await client.send(.post, "/api/v1/releases/\(id)/\(action)", json: body)
                #expect(refused.status == .conflict, "\(action)")
                let error = try #require(refused.body["error"] as? [String: Any])
                #expect(error["code"] as? String == "invalid_transition")
                #expect(error["allowed"] as? [String] == ["advance", "halt", "cancel", "fail"])
                #expect((error["message"] as? String)?.contains("allowed now: advance, halt") == true)
            }
            // advance needs the repository to cut the branch in.
            _ = try await client.send(.delete, "/api/v1/repositories/\(repository)")
            let advance = try await client.send(.post, "/api/v1/releases/\(id)/advance")
            #expect(advance.status == .conflict)
            #expect(advance.body.errorCode == "repository_not_registered")
            #expect(advance.body.errorMessage?.contains("mobile-ops repos add acme/hand") == true)
            // The train says what it lacks now.
            let train = try await client.send(.get, "/api/v1/trains/hand-train")
            #expect((train.body["problems"] as? [String])?.first?.contains("acme/hand is not registered") == true, "\(train.body)")

            let halted = try await client.send(.post, "/api/v1/releases/\(id)/halt", json: #"{"reason": "waiting for legal"}"#)
            #expect(halted.body["state"] as? String == "halted")
            #expect(halted.body["reason"] as? String == "waiting for legal")
            #expect(try await client.send(.post, "/api/v1/releases/\(id)/resume").body["state"] as? String == "scheduled")
            let canceled = try await client.send(.post, "/api/v1/releases/\(id)/cancel")
            #expect(canceled.body["state"] as? String == "canceled")
            let after = try await client.send(.post, "/api/v1/releases/\(id)/halt")
            #expect(after.status == .conflict)
            #expect((after.body["error"] as? [String: Any])?["allowed"] as? [String] == [])
            #expect(after.body.errorMessage?.contains("nothing more can happen") == true)

            #expect(try await client.send(.post, "/api/v1/releases/\(id)/explode").status == .notFound)
            #expect(try await client.send(.post, "/api/v1/releases/999/advance").status == .notFound)
            let events = try await client.releaseActions(id)
            #expect(events == ["start", "halt", "resume", "cancel"])
            let listed = try await client.send(.get, "/api/v1/releases?train=hand-train&state=canceled")
            #expect((listed.body["releases"] as? [[String: Any]])?.count == 1)
            #expect(try await client.send(.get, "/api/v1/releases?state=bogus").status == .badRequest)

            // The newest release (1.1.0) is canceled: the train is not blocked, and the canceled
            // number is not reused (it may have reached a store).
            let newest = try #require(try await client.send(.get, "/api/v1/releases?train=hand-train&limit=1").body["releases"] as? [[String: Any]])
            let newestID = try #require(newest.first?["id"] as? Int)
            #expect(try await client.send(.post, "/api/v1/releases/\(newestID)/cancel").body["state"] as? String == "canceled")
            let next = try await client.send(.post, "/api/v1/releases", json: #"{"train": "hand-train"}"#)
            #expect(next.status == .created, "\(next.body)")
            #expect(next.body["version"] as? String == "1.2.0")
        }
    }

    @Test("a cadence missed while the server was down starts once after the restart", arguments: DateShift.all)
    func restartCatchUp(shift: TimeInterval) async throws {
        let time = TrainClock(shift: shift)
        let clock = ManualClock(at: time.at(day: 22, 12))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-train-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let credentials = try ReleaseCredentials(tokenURL: "http://127.0.0.1:9/token")
        let first = try await TestServer.releaseTrain(fake: "http://127.0.0.1:9", credentials: credentials, in: directory, clock: clock)
        let service = try await first.server.container.resolve(ReleaseTrainService.self)
        #expect(await service.check(on: clock, at: time.at(day: 22, 12)).isEmpty)

        // Down over Monday 10:00 and the Monday after; back on Tuesday: one release, once.
        let second = try await TestServer.releaseTrain(fake: "http://127.0.0.1:9", credentials: credentials, in: directory, clock: clock)
        let restarted = try await second.server.container.resolve(ReleaseTrainService.self)
        #expect(await restarted.check(on: clock, at: time.at(day: 31, 8)).count == 1)
        #expect(await restarted.check(on: clock, at: time.at(day: 31, 9)).isEmpty)
        let third = try await TestServer.releaseTrain(fake: "http://127.0.0.1:9", credentials: credentials, in: directory, clock: clock)
        let again = try await third.server.container.resolve(ReleaseTrainService.self)
        #expect(await again.check(on: clock, at: time.at(day: 31, 10)).isEmpty)
        try await third.server.makeApplication().test(.router) { client in
            let releases = try await client.send(.get, "/api/v1/releases")
            let list = try #require(releases.body["releases"] as? [[String: Any]])
            #expect(list.count == 1)
            // The repository is not registered: the release waits and says why.
            #expect(list.first?["state"] as? String == "scheduled")
            #expect((list.first?["problem"] as? String)?.contains("not registered; add it with `mobile-ops repos add acme/mobile-app") == true)
        }
    }

    @Test("release notes come from the commits since the previous release (local clone)")
    func notesFromLocalClone() async throws {
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-notes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
        try await Self.git(["init", "-q", "-b", "main"], in: clone)
        for (index, message) in ["feat: Sign in with passkeys (#12)", "fix: Crash on launch", "Merge pull request #14 from acme/dark\n\nDark mode"].enumerated() {
            try "\(index)".write(to: clone.appendingPathComponent("file\(index).txt"), atomically: true, encoding: .utf8)
            try await Self.git(["add", "."], in: clone)
            try await Self.git(["-c", "user.name=Dev", "-c", "user.email=dev@acme.test", "commit", "-q", "-m", message], in: clone)
        }
        try await TestServer.make(configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/hand", "provider": "github", "cloneURL": "\#(clone.path)", "defaultBranch": "main"}"#)
            _ = try await client.send(.post, "/api/v1/trains", json: Self.manualTrain)
            let id = try #require(try await client.send(.post, "/api/v1/releases", json: #"{"train": "hand-train"}"#).body["id"] as? Int)
            let notes = try await client.send(.get, "/api/v1/releases/\(id)/notes")
            #expect(notes.status == .ok)
            #expect(notes.body["source"] as? String == "git")
            #expect(notes.body["commits"] as? Int == 3)
            #expect(notes.body["pullRequests"] as? [Int] == [12, 14])
            let markdown = try #require(notes.body["markdown"] as? String)
            #expect(markdown.contains("## 1.0.0"))
            #expect(markdown.contains("- Sign in with passkeys (#12) — Dev"))
            #expect(markdown.contains("### Fixes"))
            let text = try await client.execute(uri: "/api/v1/releases/\(id)/notes?format=markdown", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(text.headers[.contentType]?.hasPrefix("text/markdown") == true)
            #expect(String(buffer: text.body) == markdown)
        }
    }

    @Test("the shipped sample train in pipelines/trains loads at start")
    func shippedSampleLoads() async throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let shipped = root.appendingPathComponent("pipelines").path
        try await TestServer.make(configure: { $0.pipelinesPath = shipped }).test { client in
            let train = try await client.send(.get, "/api/v1/trains/mobile")
            #expect(train.status == .ok)
            #expect(train.body["source"] as? String == "file:\(shipped)/trains/mobile.yml")
            #expect(train.body["nextStart"] as? String != nil)
        }
    }

    static func git(_ arguments: [String], in directory: URL) async throws {
        let output = try await Command.run(.command("git", arguments, in: directory.path))
        try #require(output.status.isSuccess, "git \(arguments.joined(separator: " ")) failed: \(output.errorText)")
    }
}
