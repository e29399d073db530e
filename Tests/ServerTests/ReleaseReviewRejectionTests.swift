import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Releases
import StoreFakes
import Testing
@testable import Server

/// An App Review rejection is not a failed release candidate.
@Suite("App Review rejection")
struct ReleaseReviewRejectionTests {
    @Test("a rejected version says so, shows the store's REJECTED, keeps the sign-offs of the unchanged candidate, and waits for a person while the store is still read")
    func rejectionIsNotAFailedBuild() async throws {
        let time = TrainClock(shift: 0)
        let clock = ManualClock(at: time.at(day: 22, 12))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
                await service.check(on: clock, at: time.at(day: 22, 12))
                let id = Int(try #require(await service.check(on: clock, at: time.at(day: 23, 10)).first))
                let agent = try await AgentAPITests.registerAgent(client)
                #expect(try await client.passAllJobs(agent: agent) == 1)
                _ = try await client.send(.post, "/api/v1/releases/\(id)/store", json: #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"], "iosAppID": "1234567890"}"#)
                await service.check(on: clock, at: time.at(day: 23, 11))
                _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "product"}"#)
                await service.check(on: clock, at: time.at(day: 23, 12))
                #expect(try await client.send(.get, "/api/v1/releases/\(id)").body["state"] as? String == "in_review")

                await world.rejectReview()
                var reads = await world.appStore.statesRead.count
                await service.check(on: clock, at: time.at(day: 23, 13))
                // What the train read is what it shows, in the pass that read it.
                try await ReleaseStoreTruthTests.expectFresh(world, client, id, readsBefore: reads)
                await service.check(on: clock, at: time.at(day: 23, 14))
                let release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "branch_cut")
                let problem = release.body["problem"] as? String ?? ""
                #expect(problem.contains("rejected by App Review"), "\(problem)")
                #expect(!problem.contains("failed"), "the candidate build passed: \(problem)")
                #expect((release.body["missingGates"] as? [String])?.isEmpty == true, "the unchanged candidate keeps its sign-offs: \(release.body)")
                let ios = (release.body["stores"] as? [String: [String: Any]])?["ios"]
                #expect(ios?["storeState"] as? String == "REJECTED", "\(release.body)")

                // While it waits for a fix, the train still reads the store: a change made in
                // App Store Connect's website shows after one pass, and the problem stays.
                await world.removeFromReviewOnWebsite()
                reads = await world.appStore.statesRead.count
                await service.check(on: clock, at: time.at(day: 23, 15))
                try await ReleaseStoreTruthTests.expectFresh(world, client, id, readsBefore: reads)
                let waiting = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect((waiting.body["stores"] as? [String: [String: Any]])?["ios"]?["storeState"] as? String == "DEVELOPER_REJECTED")
                #expect((waiting.body["problem"] as? String)?.contains("rejected by App Review") == true, "\(waiting.body)")
            }
        }
    }
}
