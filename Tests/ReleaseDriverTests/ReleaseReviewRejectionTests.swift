import Core
import DistributionFakes
import Foundation
import ReleaseDriver
import ReleaseTrain
import Store
import Testing
import TestSupport

/// An App Review rejection is not a failed release candidate.
@Suite("App Review rejection")
struct ReleaseReviewRejectionTests {
    @Test("a rejected version says so, shows the store's REJECTED, keeps the sign-offs of the unchanged candidate, and waits for a person while the store is still read")
    func rejectionIsNotAFailedBuild() async throws {
        let time = TrainClock(shift: DateShift.whole)
        let clock = ManualClock(at: time.at(day: 22, 12))
        try await ReleaseDriverHarness.run(train: ReleaseFiles.train, clock: clock) { world, harness in
            try await harness.registerRepository()
            await harness.check(at: time.at(day: 22, 12))
            let id = try #require(await harness.check(at: time.at(day: 23, 10)).first?.id)
            #expect(try await harness.passAllJobs(tags: ["platform": "ios"]) == 1)
            _ = try await harness.releases.recordDistribution(of: id, action: "store_ids", detail: "store identifiers updated", actor: ReleaseDriverHarness.actor, at: clock.now) { _, ids in
                ids.androidPackage = "com.acme.mobile"
                ids.androidVersionCodes = ["4200"]
                ids.iosAppID = "1234567890"
            }
            await harness.check(at: time.at(day: 23, 11))
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: clock.now)
            _ = try await harness.driver.approve(id, gate: "product", actor: ReleaseDriverHarness.actor, now: clock.now)
            await harness.check(at: time.at(day: 23, 12))
            #expect(try await harness.release(id).state == "in_review")

            await world.rejectReview()
            var reads = await world.appStore.statesRead.count
            await harness.check(at: time.at(day: 23, 13))
            // What the train read is what it shows, in the pass that read it.
            try await ReleaseDistributionTruthTests.expectFresh(world, harness, id, readsBefore: reads)
            await harness.check(at: time.at(day: 23, 14))
            let release = try await harness.release(id)
            #expect(release.state == "branch_cut")
            let problem = release.problem ?? ""
            #expect(problem.contains("rejected by App Review"), "\(problem)")
            #expect(!problem.contains("failed"), "the candidate build passed: \(problem)")
            let machine = try ReleaseService.decode(release.machine)
            #expect(machine.missingGates.isEmpty, "the unchanged candidate keeps its sign-offs: \(machine)")
            #expect(try await harness.distribution(id)["ios"]?.storeState == "REJECTED")

            // While it waits for a fix, the train still reads the store: a change made in
            // App Store Connect's website shows after one pass, and the problem stays.
            await world.removeFromReviewOnWebsite()
            reads = await world.appStore.statesRead.count
            await harness.check(at: time.at(day: 23, 15))
            try await ReleaseDistributionTruthTests.expectFresh(world, harness, id, readsBefore: reads)
            #expect(try await harness.distribution(id)["ios"]?.storeState == "DEVELOPER_REJECTED")
            #expect(try await harness.release(id).problem?.contains("rejected by App Review") == true)
        }
    }
}
