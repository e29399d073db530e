import Core
import DistributionFakes
import Foundation
import ReleaseDriver
import Store
import Testing
import TestSupport

/// Submitting to the App Store takes three calls, and the release records them only after
/// both stores took theirs: a step cut short runs again on the next check. Run again, it must
/// finish what App Store Connect already holds instead of tripping over it (one open review
/// submission per app and platform; a version in one submission only), and leave alone what
/// the train did not make.
@Suite("App Store submission cut short and run again")
struct ReleaseSubmissionRerunTests {
    /// Where the first attempt stops.
    enum Cut: String, CaseIterable, Sendable {
        /// Adding the version fails: App Store Connect holds an empty submission.
        case afterCreate
        /// Submitting fails: it holds a submission with the version, not submitted.
        case afterItem
        /// Google Play fails after the App Store submitted: nothing is recorded.
        case afterSubmit

        /// The request that gets a 503 before the store acts on it.
        var request: @Sendable (FakeReleaseWorld.Recorded) -> Bool {
            switch self {
            case .afterCreate: { $0.method == "POST" && $0.path == "/v1/reviewSubmissionItems" }
            case .afterItem: { $0.method == "PATCH" && $0.path.hasPrefix("/v1/reviewSubmissions/") && $0.text.contains("submitted") }
            case .afterSubmit: { $0.method == "PUT" && $0.path.contains("/tracks/") }
            }
        }
    }

    /// The two-store train with the App Store first, so Play can fail after the App Store
    /// submitted (the stores are called in the order the train lists them).
    static let iosFirst = ReleaseDistributionTruthTests.train().replacingOccurrences(of: "platforms: [android, ios]", with: "platforms: [ios, android]")

    /// The state, problem and recorded store ids of release `id`.
    static func release(_ harness: ReleaseDriverHarness, _ id: Int64) async throws -> (state: String?, problem: String?, store: ReleaseDistributionIDs) {
        let release = try await harness.release(id)
        return (release.state, release.problem, ReleaseDistributionIDs.decode(release.storeIDs))
    }

    @Test("cut short after each call, the submission finishes on the next check, with one submission at App Store Connect", arguments: Cut.allCases)
    func finishesWhatWasStarted(cut: Cut) async throws {
        #expect(Self.iosFirst.contains("platforms: [ios, android]"))
        try await ReleaseDistributionTruthTests.withRelease(train: Self.iosFirst) { world, harness, time, id in
            await world.failOnce(where: cut.request)
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            await harness.check(at: time.at(day: 23, 12))
            let cutShort = try await Self.release(harness, id)
            #expect(cutShort.state == "submitting")
            #expect(cutShort.problem?.contains("503") == true, "\(cutShort.problem ?? "no problem")")

            await harness.check(at: time.at(day: 23, 13))
            let release = try await Self.release(harness, id)
            #expect(release.state == "in_review", "\(release.problem ?? "no problem")")
            #expect(release.store.iosReviewSubmissionID == "sub-1")
            let submissions = await world.appStore.submissions
            #expect(submissions.map(\.id) == ["sub-1"], "exactly one submission")
            #expect(submissions.first?.state == "WAITING_FOR_REVIEW")
            #expect(submissions.first?.items.map(\.versionID) == [FakeAppStoreConnect.versionID], "the version added once")
            #expect(await world.requests("/v1/reviewSubmissions", method: "POST").count == 1)
            let submits = await world.requests("/v1/reviewSubmissions/", method: "PATCH").filter { $0.text.contains("submitted") }
            #expect(submits.count == (cut == .afterItem ? 2 : 1), "submitted once (plus the call cut off before the store acted)")
            #expect(await world.requests("/v1/appStoreVersions/", method: "PATCH").count == 1, "MANUAL is set once, not on a version in review")
            #expect(await world.requests("/v1/appStoreVersionPhasedReleases", method: "POST").count == 1, "the phased release is reused")
            let refusals = await world.refusals
            #expect(refusals.count == 1 && refusals.allSatisfy { $0.contains("→ 503") }, "only the injected failure: \(refusals)")
        }
    }

    @Test("canceled before a cut-short submission was recorded, the release withdraws the submission App Store Connect holds")
    func cancelWithdrawsAnUnrecordedSubmission() async throws {
        try await ReleaseDistributionTruthTests.withRelease(train: Self.iosFirst) { world, harness, time, id in
            await world.failOnce(where: Cut.afterSubmit.request)
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            await harness.check(at: time.at(day: 23, 12))
            let cutShort = try await Self.release(harness, id)
            #expect(cutShort.state == "submitting" && cutShort.store.iosReviewSubmissionID == nil)
            #expect(await world.appStore.submissionState == "WAITING_FOR_REVIEW")

            let canceled = try await harness.driver.cancel(id, reason: "wrong build", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            #expect(canceled.state == "canceled")
            #expect(await world.appStore.submissionState == "CANCELING", "the version leaves App Review")
            #expect(try await harness.actions(id).suffix(2) == ["cancel", "store_withdraw"])
            #expect(try await Self.release(harness, id).problem == nil)
        }
    }

    @Test("an empty unsubmitted submission (created, version not added yet) is reused, not duplicated")
    func emptyDraftIsReused() async throws {
        try await ReleaseDistributionTruthTests.withRelease { world, harness, time, id in
            let draft = await world.addSubmission(state: "READY_FOR_REVIEW", versions: [])
            try await ReleaseDistributionTruthTests.submit(harness, time, id)
            let submissions = await world.appStore.submissions
            #expect(submissions.map(\.id) == [draft])
            #expect(submissions.first?.state == "WAITING_FOR_REVIEW")
            #expect(await world.requests("/v1/reviewSubmissions", method: "POST").isEmpty)
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    /// An open submission someone else made, and what the release's problem must say.
    struct Foreign: Sendable, CustomTestStringConvertible {
        var state: String
        var versions: [String]
        var otherItems: Int
        var says: String

        var testDescription: String { "\(state) holding \(versions) and \(otherItems) other items" }
    }

    @Test("an open submission the train did not make is left alone; the release says what to do, and goes on once it is resolved", arguments: [
        Foreign(state: "WAITING_FOR_REVIEW", versions: ["ver-0"], otherItems: 0, says: "holds another version (ver-0)"),
        Foreign(state: "READY_FOR_REVIEW", versions: [], otherItems: 1, says: "holds 1 item that is not an app version"),
        Foreign(state: "READY_FOR_REVIEW", versions: [FakeAppStoreConnect.versionID], otherItems: 2, says: "together with 2 items that are not an app version"),
        Foreign(state: "UNRESOLVED_ISSUES", versions: [FakeAppStoreConnect.versionID], otherItems: 0, says: "App Review sent version ver-1 back"),
    ])
    func foreignSubmissionIsRefused(foreign: Foreign) async throws {
        try await ReleaseDistributionTruthTests.withRelease { world, harness, time, id in
            let theirs = await world.addSubmission(state: foreign.state, versions: foreign.versions, otherItems: foreign.otherItems)
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            await harness.check(at: time.at(day: 23, 12))
            await harness.check(at: time.at(day: 23, 13))
            let refused = try await Self.release(harness, id)
            #expect(refused.state == "submitting")
            let problem = refused.problem ?? ""
            #expect(problem.contains(foreign.says), "\(problem)")
            #expect(problem.contains(theirs) && problem.contains("in App Store Connect"), "\(problem)")
            #expect(await world.requests("/v1/reviewSubmissions", method: "POST").isEmpty)
            #expect(await world.requests("/v1/reviewSubmissionItems").isEmpty)
            #expect(await world.requests("/v1/reviewSubmissions/", method: "PATCH").isEmpty, "their submission is neither submitted nor canceled")
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "the train asked nothing App Store Connect refuses: \(refusals)")

            // A person finishes or removes theirs in App Store Connect; the train goes on.
            await world.completeSubmission(theirs)
            await harness.check(at: time.at(day: 23, 14))
            let release = try await Self.release(harness, id)
            #expect(release.state == "in_review", "\(release.problem ?? "no problem")")
            let ours = await world.appStore.submissions.filter(\.isOpen)
            #expect(ours.count == 1 && ours.first?.holds(FakeAppStoreConnect.versionID) == true && ours.first?.state == "WAITING_FOR_REVIEW")
        }
    }
}
