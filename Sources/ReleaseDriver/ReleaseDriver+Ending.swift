import Core
import Foundation
import ReleaseTrain
import Store

// MARK: - Canceling and failing

extension ReleaseDriver {
    /// Cancels the release (not possible once users have it) and withdraws what the stores
    /// still hold of it; see ``end(_:with:actor:now:)``.
    public func cancel(_ id: Int64, reason: String, actor: String, now: Date) async throws -> StoredRelease {
        try await end(id, with: .cancel(reason: reason), actor: actor, now: now)
    }

    /// Gives the release up, in any state but a finished one; see ``end(_:with:actor:now:)``.
    public func fail(_ id: Int64, reason: String, actor: String, now: Date) async throws -> StoredRelease {
        try await end(id, with: .fail(reason: reason), actor: actor, now: now)
    }

    /// Ends the release with `action` (`cancel` or `fail`) and leaves nothing running on the
    /// stores: a submitted App Store review submission is canceled (the version, set to
    /// `MANUAL`, could not go on sale anyway); a rollout stops where it stands (Play halted,
    /// the App Store's phased release paused), or Apple's phased release would carry on to
    /// everyone by itself. A Play draft stays a draft: nothing promotes an ended release.
    /// A store call that fails is kept as the release's problem; the end stands.
    private func end(_ id: Int64, with action: ReleaseAction, actor: String, now: Date) async throws -> StoredRelease {
        try await serializer.run(id) {
            guard let before = try await releases.store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
            let machine = try ReleaseService.decode(before.machine)
            let stage = machine.haltedFrom ?? machine.state
            let ended = try await releases.apply(action, to: id, actor: actor, at: now).release
            switch stage {
            case .submitting, .inReview: return await withdrawSubmission(ended, actor: actor, now: now)
            case .rollingOut: return try await stopRollout(ended, actor: actor, now: now)
            default: return ended
            }
        }
    }

    /// Stops every store of an ended release's rollout that the train has not halted yet.
    private func stopRollout(_ release: StoredRelease, actor: String, now: Date) async throws -> StoredRelease {
        let train = try await catalog.train(id: release.trainID)
        let running = train.definition.platforms.filter { !ReleaseDistributionIDs.decode(release.storeIDs).isHalted($0) }
        guard !running.isEmpty else { return release }
        let names = running.map(\.distributionName).joined(separator: " and ")
        let stopped = try await releases.recordDistribution(of: release.id, action: "store_halt", detail: "\(names) stopped: the release ended", actor: actor, at: now) { _, ids in
            ids.haltedStores = Array(Set((ids.haltedStores ?? []) + running.map(\.rawValue))).sorted()
        }
        try await applyDistributionHalts(stopped, train: train, platforms: running)
        return try await releases.store.release(id: release.id) ?? stopped
    }

    /// Cancels the App Store review submission of an ended release that was submitted.
    private func withdrawSubmission(_ release: StoredRelease, actor: String, now: Date) async -> StoredRelease {
        guard let client = distribution.appStore else { return release }
        do {
            guard let submission = try await submissionToWithdraw(client, release: release, ids: ReleaseDistributionIDs.decode(release.storeIDs)) else { return release }
            _ = try await client.cancelReviewSubmission(id: submission)
            return try await releases.recordDistribution(of: release.id, action: "store_withdraw", detail: "App Store: review submission \(submission) canceled", actor: actor, at: now) { _, ids in
                ids.iosVersionState = "DEVELOPER_REJECTED"
            }
        } catch {
            await report(problem: "withdrawing the App Store review submission failed (the version waits for a manual release, so it cannot go on sale by itself): \(error)", on: release.id)
            return (try? await releases.store.release(id: release.id)) ?? release
        }
    }

    /// The review submission to withdraw: the one recorded, else (a submission cut short
    /// before the release recorded it) the open one App Store Connect reports holding just the
    /// release's version and nothing the train did not add.
    private func submissionToWithdraw(_ client: AppStoreConnectClient, release: StoredRelease, ids: ReleaseDistributionIDs) async throws -> String? {
        if let recorded = ids.iosReviewSubmissionID { return recorded }
        guard let appID = ids.iosAppID, let version = try await Self.version(client, appID: appID, versionString: release.version) else { return nil }
        for submission in try await client.openReviewSubmissions(appID: appID) where ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW"].contains(submission.state) {
            let contents = try await client.contents(of: submission)
            if contents.versionIDs == [version.id], contents.otherItems == 0 { return submission.id }
        }
        return nil
    }

    /// The App Store version, or nil when App Store Connect has none of that string.
    private static func version(_ client: AppStoreConnectClient, appID: String, versionString: String) async throws(DistributionAPIError) -> AppStoreVersion? {
        do {
            return try await client.appStoreVersion(appID: appID, versionString: versionString)
        } catch {
            guard error.kind == .notFound else { throw error }
            return nil
        }
    }
}
