import Core
import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server
import TestSupport

/// Train files in the trains folder, loaded at every start.
@Suite("Train files at server start")
struct TrainFileLoadTests {
    /// The `train.save` audit events so far.
    static func saves(_ client: any TestClientProtocol) async throws -> Int {
        let events = try await client.send(.get, "/api/v1/audit?limit=1000").body["events"] as? [[String: Any]] ?? []
        return events.filter { $0["action"] as? String == "train.save" }.count
    }

    @Test("a start saves (and audits) a train file only when it changed")
    func unchangedFileIsNotSavedAgain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-trains-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let install = { (configuration: inout ServerConfiguration) in ReleaseFiles.install(in: configuration, train: ReleaseFiles.train) }
        // Each start takes the database's lock: the server before it lets go of it first (its
        // store is closed when its services are released, not when the test is done with it).
        let first = try await TestServer.make(in: directory, backgroundServices: false, configure: install)
        try await first.server.makeApplication().test(.router) { client in
            let saves = try await Self.saves(client)
            #expect(saves == 1)
        }
        await first.server.shutdown()
        let second = try await TestServer.make(in: directory, backgroundServices: false, configure: install)
        try await second.server.makeApplication().test(.router) { client in
            let saves = try await Self.saves(client)
            #expect(saves == 1, "a restart is not an edit")
        }
        await second.server.shutdown()
        let edited = { (configuration: inout ServerConfiguration) in
            ReleaseFiles.install(in: configuration, train: ReleaseFiles.train.replacingOccurrences(of: "signoff: [qa, product]", with: "signoff: [qa]"))
        }
        try await TestServer.make(in: directory, backgroundServices: false, configure: edited).test { client in
            let saves = try await Self.saves(client)
            #expect(saves == 2)
            let train = try await client.send(.get, "/api/v1/trains/mobile-app")
            #expect((train.body["definition"] as? [String: Any])?["signoff"] as? [String] == ["qa"])
        }
    }

    @Test("a train file naming an unknown repository and pipeline still loads (the repository may come later); both are logged and shown until fixed")
    func unknownReferencesAreReported() async throws {
        let logs = RecordedLogs()
        let train = ReleaseFiles.train.replacingOccurrences(of: "rc_pipeline: release-candidate", with: "rc_pipeline: nightly")
        let server = try await TestServer.make(backgroundServices: false, logs: logs, configure: { ReleaseFiles.install(in: $0, train: train) })
        try await server.test { client in
            let problems = logs.all.filter { $0.contains("train definition problem") }
            #expect(problems.contains { $0.contains("mobile-app.yml:2:13: repository acme/mobile-app is not registered") }, "\(problems)")
            #expect(problems.contains { $0.contains("mobile-app.yml:7:14: rc_pipeline: no pipeline 'nightly' is loaded") }, "\(problems)")
            var shown = try await client.send(.get, "/api/v1/trains/mobile-app")
            #expect((shown.body["problems"] as? [String])?.count == 2, "\(shown.body)")

            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "/nonexistent/mobile-app.git"}"#)
            shown = try await client.send(.get, "/api/v1/trains/mobile-app")
            #expect(shown.body["problems"] as? [String] == ["rc_pipeline nightly is not a loaded pipeline"])
        }
    }
}
