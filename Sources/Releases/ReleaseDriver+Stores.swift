import Core
import Foundation
import ReleaseTrain
import Store

// MARK: - Submission and review

extension ReleaseDriver {
    /// Why the stores cannot be driven automatically for this release, or nil.
    public func automationBlocker(_ release: StoredRelease, train: TrainCatalog.Entry) -> String? {
        let ids = ReleaseStoreIDs.decode(release.storeIDs)
        for platform in train.definition.platforms {
            guard stores.isConfigured(platform) else {
                return "\(platform.storeName) credentials are not configured; drive the store by hand and advance the release"
            }
            if let missing = ids.missing(for: platform) {
                return "waiting for \(missing); POST it to /api/v1/releases/\(release.id)/store"
            }
        }
        return nil
    }

    /// Submits to every store, then records `submitted`: the App Store version is set to wait
    /// for the train once approved (`MANUAL`), given a phased release (the one it has, else a
    /// new `INACTIVE` one) and submitted for review; the Play release goes on its track as a
    /// draft. A server stopped before the record runs this again: each App Store call starts
    /// from what the store reports (release type, phased release, open review submissions),
    /// and setting the Play track again is harmless.
    public func submit(_ release: StoredRelease, train: TrainCatalog.Entry, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            await report(problem: blocker, on: release.id)
            return false
        }
        var ids = ReleaseStoreIDs.decode(release.storeIDs)
        for platform in train.definition.platforms {
            switch platform {
            case .ios:
                guard let client = stores.appStore, let appID = ids.iosAppID else { continue }
                let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
                ids.iosVersionID = version.id
                // An approval that arrives after a halt or a cancel must not put the version on
                // sale: it waits in PENDING_DEVELOPER_RELEASE until the rollout releases it.
                // Set only when it is not yet: this step runs again after an interruption, and a
                // version submitted by then is not edited.
                if version.releaseType != "MANUAL" {
                    try await client.requireManualRelease(versionID: version.id)
                }
                if train.definition.rollout.ios.phased {
                    // One made in App Store Connect's website is used, not re-created.
                    if let existing = try await client.phasedRelease(versionID: version.id) {
                        ids.iosPhasedReleaseID = existing.id
                    } else {
                        ids.iosPhasedReleaseID = try await client.createPhasedRelease(versionID: version.id, state: .inactive).id
                    }
                }
                // Re-runnable: an open submission of this version is finished or taken as it is.
                ids.iosReviewSubmissionID = try await client.submitForReview(appID: appID, versionID: version.id).id
                ids.iosVersionState = "WAITING_FOR_REVIEW"
            case .android:
                guard let client = stores.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes else { continue }
                _ = try await client.setRelease(
                    packageName: package, track: train.definition.rollout.android.track, versionCodes: codes, status: .draft, name: release.version
                )
            }
        }
        let submittedIDs = ids
        try await releases.apply(.submitted, to: release.id, actor: Self.actor, at: now) { _, stored, _ in stored = submittedIDs }
        return true
    }

    /// Follows the App Store review (Google Play reviews a staged release as it goes out,
    /// so it needs no wait here); records `review_approved` or `review_rejected`.
    public func followReview(_ release: StoredRelease, train: TrainCatalog.Entry, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            await report(problem: blocker, on: release.id)
            return false
        }
        let ids = ReleaseStoreIDs.decode(release.storeIDs)
        if train.definition.platforms.contains(.ios), let client = stores.appStore, let appID = ids.iosAppID {
            let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
            let state = version.state ?? ""
            if AppStoreVersion.rejectedStates.contains(state) {
                try await releases.apply(.reviewRejected(reason: "App Store review state \(state)"), to: release.id, actor: "App Store", at: now)
                return true
            }
            guard AppStoreVersion.approvedStates.contains(state) else { return false }
        }
        try await releases.apply(.reviewApproved, to: release.id, actor: Self.actor, at: now)
        return true
    }

    // MARK: Canceling

    /// Cancels the release and withdraws what the stores still hold of it: the App Store
    /// review submission is canceled (the version, set to `MANUAL`, could not go on sale
    /// anyway). A Play draft stays a draft: nothing promotes a canceled release.
    public func cancel(_ id: Int64, reason: String, actor: String, now: Date) async throws -> StoredRelease {
        try await serializer.run(id) {
            guard let before = try await releases.store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
            let machine = try ReleaseService.decode(before.machine)
            let wasSubmitted = [.submitting, .inReview].contains(machine.haltedFrom ?? machine.state)
            let canceled = try await releases.apply(.cancel(reason: reason), to: id, actor: actor, at: now).release
            let ids = ReleaseStoreIDs.decode(canceled.storeIDs)
            guard wasSubmitted, let client = stores.appStore else { return canceled }
            do {
                guard let submission = try await submissionToWithdraw(client, release: canceled, ids: ids) else { return canceled }
                _ = try await client.cancelReviewSubmission(id: submission)
                return try await releases.recordStores(of: id, action: "store_withdraw", detail: "App Store: review submission \(submission) canceled", actor: actor, at: now) { _, ids in
                    ids.iosVersionState = "DEVELOPER_REJECTED"
                }
            } catch {
                await report(problem: "withdrawing the App Store review submission failed (the version waits for a manual release, so it cannot go on sale by itself): \(error)", on: id)
                return try await releases.store.release(id: id) ?? canceled
            }
        }
    }

    /// The review submission to withdraw: the one recorded, else (a submission cut short
    /// before the release recorded it) the open one App Store Connect reports holding just the
    /// release's version and nothing the train did not add.
    private func submissionToWithdraw(_ client: AppStoreConnectClient, release: StoredRelease, ids: ReleaseStoreIDs) async throws -> String? {
        if let recorded = ids.iosReviewSubmissionID { return recorded }
        guard let appID = ids.iosAppID, let version = try await Self.version(client, appID: appID, versionString: release.version) else { return nil }
        for submission in try await client.openReviewSubmissions(appID: appID) where ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW"].contains(submission.state) {
            let contents = try await client.contents(of: submission)
            if contents.versionIDs == [version.id], contents.otherItems == 0 { return submission.id }
        }
        return nil
    }

    /// The App Store version, or nil when App Store Connect has none of that string.
    private static func version(_ client: AppStoreConnectClient, appID: String, versionString: String) async throws(StoreAPIError) -> AppStoreVersion? {
        do {
            return try await client.appStoreVersion(appID: appID, versionString: versionString)
        } catch {
            guard error.kind == .notFound else { throw error }
            return nil
        }
    }
}
