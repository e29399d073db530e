import DistributionFakes
import Foundation
import Testing
import TestSupport

/// A real server process SIGKILLed while App Store Connect holds one of the submission's
/// calls: App Store Connect acts on it after the server is gone, the restarted server runs the
/// step again from the same database, and the release must reach review with one submission.
@Suite("App Store submission across a SIGKILL of the server", .serialized, .timeLimit(.minutes(3)))
struct ReleaseSubmissionKillTests {
    /// An App Store train with one gate.
    static let train = TrainFile.text(
        name: "mobile-app", repository: "acme/mobile-app", platforms: "[ios]", rcPipeline: "release-candidate",
        rollout: """
        rollout:
          ios: {phased: true}
        """)

    /// The call App Store Connect holds while the server is killed.
    enum Call: String, CaseIterable, Sendable {
        case create, addVersion, submit

        var request: @Sendable (FakeReleaseWorld.Recorded) -> Bool {
            switch self {
            case .create: { $0.method == "POST" && $0.path == "/v1/reviewSubmissions" }
            case .addVersion: { $0.method == "POST" && $0.path == "/v1/reviewSubmissionItems" }
            case .submit: { $0.method == "PATCH" && $0.path.hasPrefix("/v1/reviewSubmissions/") && $0.text.contains("submitted") }
            }
        }
    }

    @Test("killed while App Store Connect holds a submission call, restarted: in review, one submission, submitted once", arguments: Call.allCases)
    func killDuringSubmission(call: Call) async throws {
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            try await ServerProcess.with(environment: credentials.environment(fake: fake).merging([
                "MOBILE_OPS_GITHUB_API_URL": fake, "MOBILE_OPS_GITHUB_TOKEN": ReleaseCredentials.githubToken, "MOBILE_OPS_TRAIN_CHECK_SECONDS": "1",
            ]) { $1 }) { server in
                let pipelines = server.folder.appendingPathComponent("pipelines")
                try ReleaseFiles.rcPipeline.write(to: pipelines.appendingPathComponent("release-candidate.yml"), atomically: true, encoding: .utf8)
                try Self.train.write(to: pipelines.appendingPathComponent("trains/mobile-app.yml"), atomically: true, encoding: .utf8)
                try await server.start()

                try await server.call("POST", "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
                let started = try await server.call("POST", "/api/v1/releases", json: #"{"train": "mobile-app", "store": {"iosAppID": "1234567890"}}"#)
                let id = try #require(started.body["id"] as? Int, "\(started)")
                #expect(try await server.passJobs(tags: ["platform": "ios"], atLeast: 1) == 1, "the release candidate is built")
                let signoff = try await server.wait("/api/v1/releases/\(id)") { $0["state"] as? String == "awaiting_signoff" }
                try #require(signoff["state"] as? String == "awaiting_signoff", "\(signoff)")

                await world.hold(where: call.request)
                try await server.call("POST", "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                for _ in 0..<600 where !(await world.isHolding) { try await Task.sleep(for: .milliseconds(50)) }
                try #require(await world.isHolding, "the scheduler reached the \(call) call")

                await server.kill()
                let before = await world.requests.count
                await world.releaseHold()
                // App Store Connect acts on the held call although nobody hears its answer.
                for _ in 0..<200 where await world.requests.count == before { try await Task.sleep(for: .milliseconds(25)) }
                #expect(await world.requests.count == before + 1)

                try await server.start()
                let release = try await server.wait("/api/v1/releases/\(id)") { $0["state"] as? String == "in_review" }
                #expect(release["state"] as? String == "in_review", "\(release["state"] ?? "?"): \(release["problem"] ?? "no problem")")
                #expect((release["store"] as? [String: Any])?["iosReviewSubmissionID"] as? String == "sub-1")
                let submissions = await world.appStore.submissions
                #expect(submissions.map(\.id) == ["sub-1"], "exactly one submission")
                #expect(submissions.first?.state == "WAITING_FOR_REVIEW")
                #expect(submissions.first?.items.map(\.versionID) == [FakeAppStoreConnect.versionID])
                #expect(await world.requests("/v1/reviewSubmissions", method: "POST").count == 1)
                #expect(await world.requests("/v1/reviewSubmissions/", method: "PATCH").filter { $0.text.contains("submitted") }.count == 1, "submitted once")
                let refusals = await world.refusals
                #expect(refusals.isEmpty, "\(refusals)")

                // Apple approves; the release waits for nothing but the train.
                await world.approveReview()
                let rolling = try await server.wait("/api/v1/releases/\(id)") { $0["state"] as? String == "rolling_out" }
                #expect(rolling["state"] as? String == "rolling_out", "\(rolling["problem"] ?? "no problem")")
                // The release request follows the state change in the driver's next pass, so a read
                // can land between the two: wait for it (bounded) rather than expect it at once.
                for _ in 0..<200 where await world.requests("/v1/appStoreVersionReleaseRequests", method: "POST").isEmpty {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(await world.requests("/v1/appStoreVersionReleaseRequests", method: "POST").count == 1)
            }
        }
    }
}
