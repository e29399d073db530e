import Core
import DI
import DistributionFakes
import Foundation
import HTTPClient
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Notifications
@testable import Server
import ReleaseDriver
import Store
import StoreSQLite
import TestSupport
import Testing

/// The whole train against the fake git host and stores, driven by a manual clock.
@Suite("Release train end to end")
struct ReleaseTrainFlowTests {
    @Test("cadence start, branch cut, RC build, concurrent sign-offs, submission, staged rollout, breach halts both stores, resume, released", arguments: DateShift.all)
    func fullTrain(shift: TimeInterval) async throws {
        let time = TrainClock(shift: shift)
        let clock = ManualClock(at: time.at(day: 22, 12))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            let logs = RecordedLogs()
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, logs: logs, clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            let directory = server.directory
            let database = try #require(try await server.server.container.resolve((any StoreDatabase).self) as? AppDatabase)
            try await server.test { client in
                let repository = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
                #expect(repository.status == .created)
                let trains = try await client.send(.get, "/api/v1/trains")
                let listed = try #require((trains.body["trains"] as? [[String: Any]])?.first)
                #expect(listed["name"] as? String == "mobile-app")
                #expect((listed["source"] as? String)?.hasPrefix("file:") == true)

                // Sunday: the cadence is seen for the first time; Monday 10:00 starts 1.0.0.
                #expect(await service.check(on: clock, at: time.at(day: 22, 12)).isEmpty)
                let started = await service.check(on: clock, at: time.at(day: 23, 10))
                #expect(started.count == 1)
                let id = Int(try #require(started.first))
                #expect(await service.check(on: clock, at: time.at(day: 23, 10, 1)).isEmpty, "one occurrence, one release")

                // The branch was cut through GitHub's refs API from main's head.
                let refPosts = await world.requests("/repos/acme/mobile-app/git/refs", method: "POST")
                #expect(refPosts.count == 1)
                #expect(refPosts.first?.json?["ref"] as? String == "refs/heads/release/1.0.0")
                #expect(refPosts.first?.json?["sha"] as? String == FakeReleaseWorld.headSHA)
                #expect(refPosts.first?.headers["authorization"] == "Bearer \(ReleaseCredentials.githubToken)")
                #expect(await world.requests("/git/ref/heads/main", method: "GET").count == 1)

                // The RC build runs on the release branch through a real agent.
                var release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "building_rc")
                let buildID = try #require(release.body["rcBuildID"] as? Int)
                let build = try await client.send(.get, "/api/v1/builds/\(buildID)")
                #expect(build.body["pipeline"] as? String == "release-candidate")
                #expect(build.body["branch"] as? String == "release/1.0.0")
                #expect(build.body["trigger"] as? String == "release", "listed as the release candidate it is, not as a manual build")
                let agent = try await AgentAPITests.registerAgent(client)
                #expect(try await client.passAllJobs(agent: agent) == 1)
                _ = try await client.send(.post, "/api/v1/releases/\(id)/store", json: #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"], "iosAppID": "1234567890"}"#)
                await service.check(on: clock, at: time.at(day: 23, 11))
                release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "awaiting_signoff")
                #expect(release.body["missingGates"] as? [String] == ["qa", "product"])

                // Submitting needs every gate: refused with what is allowed.
                let early = try await client.send(.post, "/api/v1/releases/\(id)/advance")
                #expect(early.status == .conflict)
                #expect(((early.body["error"] as? [String: Any])?["allowed"] as? [String])?.contains("approve") == true)

                // Both gates (and a repeated one) at once: the release is submitted exactly once.
                async let qa = client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                async let product = client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "product"}"#)
                async let again = client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                let answers = try await [qa.status, product.status, again.status]
                #expect(answers.allSatisfy { $0 == .ok })
                let afterSignoff = try await client.releaseActions(id)
                #expect(afterSignoff.filter { $0 == "approve" }.count == 2)
                #expect(afterSignoff.filter { $0 == "submit" }.count == 1)

                // Submission: App Store review with a phased release; Play release staged as a draft.
                await service.check(on: clock, at: time.at(day: 23, 12))
                release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "in_review")
                #expect(await world.requests("/v1/reviewSubmissions", method: "POST").count == 1)
                #expect(await world.requests("/v1/appStoreVersionPhasedReleases", method: "POST").count == 1)
                #expect(await world.playTrackUpdates().map(\.status) == ["draft"])
                let ascAuth = try #require(await world.requests("/v1/reviewSubmissions", method: "POST").first?.headers["authorization"])
                let ascClaims = try DecodedJWT(String(ascAuth.dropFirst("Bearer ".count)))
                #expect(ascClaims.header["kid"] as? String == ReleaseCredentials.keyID)
                #expect(ascClaims.header["alg"] as? String == "ES256")
                #expect(ascClaims.claims["aud"] as? String == "appstoreconnect-v1")
                let tokenForm = try #require(await world.requests("/token", method: "POST").first?.text)
                #expect(tokenForm.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"))

                // Apple approves; the version waits for the train (MANUAL), which releases it:
                // day 1 of the phased release; Play takes its first step.
                await world.approveReview()
                let rolloutStart = time.at(day: 24, 9)
                await service.check(on: clock, at: rolloutStart)
                #expect(await world.requests("/v1/appStoreVersionReleaseRequests", method: "POST").count == 1)
                release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "rolling_out")
                #expect(release.body["rolloutPercent"] as? Double == 1, "the share every store has reached")
                let stores = release.body["stores"] as? [String: [String: Any]]
                #expect(stores?["android"]?["percent"] as? Double == 10)
                #expect(stores?["ios"]?["percent"] as? Double == 1)
                #expect(stores?["ios"]?["storeState"] as? String == "READY_FOR_DISTRIBUTION")
                #expect(await world.playTrackUpdates().last?.fraction == 0.1)

                // The soak time holds the next step back, then it comes.
                await service.check(on: clock, at: rolloutStart.addingTimeInterval(1800))
                #expect(await world.playTrackUpdates().count == 2)
                // The server restarts mid-rollout: a new process on the same database picks the
                // release up where it was (the step and when it began are stored) and steps on.
                let restarted = try await TestServer.releaseTrain(fake: fake, credentials: credentials, in: directory, clock: clock)
                let restartedService = try await restarted.server.container.resolve(ReleaseTrainService.self)
                await restartedService.check(on: clock, at: rolloutStart.addingTimeInterval(3600))
                #expect(await world.playTrackUpdates().last?.status == "inProgress")
                #expect(await world.playTrackUpdates().last?.fraction == 0.5)

                // A crash-rate breach on Android halts the release and Play's rollout.
                let breach = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 97.5, "sampleSize": 5000, "platform": "android"}"#)
                #expect(breach.status == .ok)
                #expect(breach.body["halted"] as? Bool == true)
                #expect(await world.playTrackUpdates().last?.status == "halted")
                #expect(await world.playTrackUpdates().last?.fraction == 0.5)
                // Then the App Store breaches too: its phased release is paused.
                let iosBreach = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"samples": [{"metric": "crash_free_users", "value": 98.0, "sampleSize": 3000, "platform": "ios"}]}"#)
                #expect((iosBreach.body["results"] as? [[String: Any]])?.first?["verdict"] as? String == "breach")
                let pause = await world.requests("/v1/appStoreVersionPhasedReleases/phase-1", method: "PATCH")
                #expect(pause.last?.text.contains("PAUSED") == true)
                // A small sample is only inconclusive.
                let small = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 90, "sampleSize": 10, "platform": "android"}"#)
                #expect((small.body["results"] as? [[String: Any]])?.first?["verdict"] as? String == "inconclusive")
                // The halt is in the feed, and the scheduler does not step a halted release.
                await #expect(try database.notableEvents(limit: 50).contains { $0.kind == "release.halted" })
                await service.check(on: clock, at: rolloutStart.addingTimeInterval(7200))
                #expect(await world.playTrackUpdates().last?.status == "halted")
                // Canceling a release users already have is refused, with the alternatives.
                let cancel = try await client.send(.post, "/api/v1/releases/\(id)/cancel", json: #"{"reason": "bad"}"#)
                #expect(cancel.status == .conflict)
                #expect(((cancel.body["error"] as? [String: Any])?["allowed"] as? [String]) == ["resume", "fail"])

                // Resume continues both stores where they stopped; the rollout completes.
                let resumed = try await client.send(.post, "/api/v1/releases/\(id)/resume")
                #expect(resumed.body["state"] as? String == "rolling_out")
                #expect(await world.playTrackUpdates().last?.status == "inProgress")
                #expect(await world.requests("/v1/appStoreVersionPhasedReleases/phase-1", method: "PATCH").last?.text.contains("ACTIVE") == true)
                await world.setPhasedDay(7)
                await service.check(on: clock, at: rolloutStart.addingTimeInterval(3 * 3600))
                release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "released")
                #expect(await world.playTrackUpdates().last?.status == "completed")
                let actions = try await client.releaseActions(id)
                #expect(actions.first == "start")
                #expect(actions.last == "rollout_complete")
                for expected in ["cut_branch", "rc_build_started", "rc_build_passed", "submitted", "review_approved", "rollout_step", "halt", "resume"] {
                    #expect(actions.contains(expected), "missing event \(expected)")
                }
                await #expect(try database.notableEvents(limit: 50).contains { $0.kind == "release.released" })
                #expect(await world.refusals.isEmpty, "every store request had a documented shape and state")
                // Every step is also announced through the outbox to the team's webhook (the fake).
                // The server's own delivery service may already have sent some; the rest are
                // still pending: together they are every step, once.
                var posted = await world.requests("/team-webhook", method: "POST").count
                while true {
                    try await Task.sleep(for: .milliseconds(500))
                    let now = await world.requests("/team-webhook", method: "POST").count
                    if now == posted { break }
                    posted = now
                }
                let sent = await world.requests("/team-webhook", method: "POST").compactMap { ($0.json?["release_step"] as? [String: Any]) }
                let pending = try await database.claimDueMessages(kinds: ["release_step"], now: .distantFuture, limit: 500, lease: .seconds(60))
                let queued = pending.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.payload.utf8))) as? [String: Any] }
                let announced = sent + queued
                #expect(announced.compactMap { $0["action"] as? String }.sorted() == actions.sorted())
                #expect(announced.allSatisfy { $0["releaseID"] as? Int == id })
                if let message = pending.last {
                    let handler = TeamWebhookHandler(url: fake + "/team-webhook", http: HTTPClient(), userAgent: "test")
                    #expect(await handler.deliver(message) == .delivered)
                    let last = await world.requests("/team-webhook", method: "POST").last
                    #expect(last?.json?["kind"] as? String == "release_step")
                }

                // A hotfix starts from the released version on its own branch.
                let hotfix = try await client.send(.post, "/api/v1/releases/\(id)/hotfix")
                #expect(hotfix.status == .created)
                #expect(hotfix.body["version"] as? String == "1.0.1")
                #expect(hotfix.body["branch"] as? String == "hotfix/1.0.1")
                #expect(hotfix.body["baseVersion"] as? String == "1.0.0")

                // No secret in any answer or log line.
                var bodies: [String] = []
                for path in ["/api/v1/releases/\(id)", "/api/v1/releases", "/api/v1/trains", "/api/v1/trains/mobile-app"] {
                    let response = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
                    bodies.append(String(buffer: response.body))
                }
                for secret in credentials.secretFragments {
                    #expect(!bodies.contains { $0.contains(secret) }, "an API answer leaks a secret")
                    #expect(!logs.all.contains { $0.contains(secret) }, "a log line leaks a secret")
                }
                #expect(!logs.all.isEmpty)
            }
        }
    }
}
