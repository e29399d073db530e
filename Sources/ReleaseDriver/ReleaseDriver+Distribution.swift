import Core
import Foundation
import ReleaseTrain
import Store

// MARK: - Submission and review

extension ReleaseDriver {
    /// Why the stores cannot be driven automatically for this release, or nil: every missing
    /// credential (by its variables) and store identifier, with what to do about each.
    public func automationBlocker(_ release: StoredRelease, train: TrainCatalog.Entry) -> String? {
        let ids = ReleaseDistributionIDs.decode(release.storeIDs)
        var credentials: [String] = []
        var identifiers: [String] = []
        for platform in train.definition.platforms {
            if let missing = distribution.missingCredentials(for: platform) { credentials.append(missing) }
            if let missing = ids.missing(for: platform) { identifiers.append(missing) }
        }
        var reasons = credentials
        if !identifiers.isEmpty {
            reasons.append("waiting for \(identifiers.joined(separator: " and ")); POST \(identifiers.count == 1 ? "it" : "them") to /api/v1/releases/\(release.id)/store")
        }
        guard !reasons.isEmpty else { return nil }
        return reasons.joined(separator: "; ") + (credentials.isEmpty ? "" : "; or drive the store by hand and advance the release")
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
        var ids = ReleaseDistributionIDs.decode(release.storeIDs)
        for platform in train.definition.platforms {
            switch platform {
            case .ios:
                guard let client = distribution.appStore, let appID = ids.iosAppID else { continue }
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
                guard let client = distribution.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes else { continue }
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
    /// so it needs no wait here); records `review_approved` or `review_rejected`, each with
    /// the version's state as read, or the state alone while the review goes on.
    public func followReview(_ release: StoredRelease, train: TrainCatalog.Entry, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            await report(problem: blocker, on: release.id)
            return false
        }
        let ids = ReleaseDistributionIDs.decode(release.storeIDs)
        if train.definition.platforms.contains(.ios), let client = distribution.appStore, let appID = ids.iosAppID {
            let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
            let state = version.state ?? ""
            let read: @Sendable (inout StoredRelease, inout ReleaseDistributionIDs, ReleaseMachine) -> Void = { _, ids, _ in Self.note(version, in: &ids) }
            if AppStoreVersion.rejectedStates.contains(state) {
                try await releases.apply(.reviewRejected(reason: "App Store review state \(state)"), to: release.id, actor: "App Store", at: now, update: read)
                return true
            }
            guard AppStoreVersion.approvedStates.contains(state) else {
                try await record(version, of: release, now: now)
                return false
            }
            try await releases.apply(.reviewApproved, to: release.id, actor: Self.actor, at: now, update: read)
            return true
        }
        try await releases.apply(.reviewApproved, to: release.id, actor: Self.actor, at: now)
        return true
    }
}
