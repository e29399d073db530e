// MARK: - Rollout

extension GooglePlayClient {
    /// Sets the release of `versionCodes` on `track` in one edit (open, update, commit) and
    /// returns the track as Play stored it.
    ///
    /// - `inProgress` with `userFraction` (0–1) for a rollout step,
    /// - `halted` (keeping the fraction) to stop a rollout on a health breach,
    /// - `completed` (no fraction) for everyone.
    public func setRelease(
        packageName: String, track: String, versionCodes: [String], status: PlayReleaseStatus,
        userFraction: Double? = nil, releaseNotes: [PlayLocalizedText]? = nil, name: String? = nil
    ) async throws(DistributionAPIError) -> PlayTrack {
        let release = PlayTrackRelease(name: name, versionCodes: versionCodes, status: status, userFraction: userFraction, releaseNotes: releaseNotes)
        let editID = try await insertEdit(packageName: packageName)
        let stored = try await updateTrack(packageName: packageName, editID: editID, track: PlayTrack(track: track, releases: [release]))
        try await commitEdit(packageName: packageName, editID: editID)
        return stored
    }

    /// A rollout step: `inProgress` at `userFraction`.
    public func rollOut(
        packageName: String, track: String, versionCodes: [String], userFraction: Double, releaseNotes: [PlayLocalizedText]? = nil
    ) async throws(DistributionAPIError) -> PlayTrack {
        try await setRelease(
            packageName: packageName, track: track, versionCodes: versionCodes, status: .inProgress,
            userFraction: userFraction, releaseNotes: releaseNotes
        )
    }

    /// Halts the rollout at `userFraction` (Play needs the fraction on a halted release).
    public func halt(packageName: String, track: String, versionCodes: [String], userFraction: Double) async throws(DistributionAPIError) -> PlayTrack {
        try await setRelease(packageName: packageName, track: track, versionCodes: versionCodes, status: .halted, userFraction: userFraction)
    }

    /// Completes the rollout: everyone gets the release.
    public func complete(packageName: String, track: String, versionCodes: [String]) async throws(DistributionAPIError) -> PlayTrack {
        try await setRelease(packageName: packageName, track: track, versionCodes: versionCodes, status: .completed)
    }

    /// Reads a track's current releases (through a throwaway edit, deleted afterwards).
    public func readTrack(packageName: String, track: String) async throws(DistributionAPIError) -> PlayTrack {
        let editID = try await insertEdit(packageName: packageName)
        let result = try await self.track(packageName: packageName, editID: editID, track: track)
        // A leftover edit only expires later; failing to delete it must not fail the read.
        try? await deleteEdit(packageName: packageName, editID: editID)
        return result
    }
}
