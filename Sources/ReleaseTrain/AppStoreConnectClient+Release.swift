import HTTPClient

// MARK: - Release and phased release

extension AppStoreConnectClient {
    // MARK: Release

    /// Makes version `versionID` wait for ``releaseVersion(versionID:)`` once approved
    /// (`PATCH /v1/appStoreVersions/{id}` with `releaseType: MANUAL`), so an approval that
    /// arrives after the train halted or canceled the release never puts it on sale.
    public func requireManualRelease(versionID: String) async throws(DistributionAPIError) {
        struct Attributes: Codable { var releaseType: String? }
        let body = JSONAPIRequest(type: "appStoreVersions", id: versionID, attributes: Attributes(releaseType: "MANUAL"))
        let url = "\(baseURL)/v1/appStoreVersions/\(Self.segment(versionID))"
        _ = try await call(.patch, url, body: DistributionTransport.body(body), operation: "set manual release", as: JSONAPIDocument<JSONAPIResource<Attributes>>.self)
    }

    /// Releases an approved version waiting in `PENDING_DEVELOPER_RELEASE`
    /// (`POST /v1/appStoreVersionReleaseRequests`); its phased release, if any, starts.
    public func releaseVersion(versionID: String) async throws(DistributionAPIError) {
        struct NoAttributes: Codable {}
        let body = JSONAPIRequest<NoAttributes>(
            type: "appStoreVersionReleaseRequests", attributes: nil,
            relationships: ["appStoreVersion": JSONAPIRelationship(type: "appStoreVersions", id: versionID)]
        )
        _ = try await call(.post, "\(baseURL)/v1/appStoreVersionReleaseRequests", body: DistributionTransport.body(body), operation: "release version", as: JSONAPIDocument<JSONAPIResource<NoAttributes>>.self)
    }

    // MARK: Phased release

    /// The phased release's attributes as sent and received.
    private struct PhasedAttributes: Codable {
        var phasedReleaseState: PhasedReleaseState?
        var currentDayNumber: Int?
    }

    /// Turns on phased release for version `versionID` (`POST /v1/appStoreVersionPhasedReleases`).
    ///
    /// Before the version is released the phased release is created `INACTIVE`: App Store
    /// Connect Help, "Release a version update in phases", lets phased release be chosen while
    /// the version is still in Prepare for Submission … Pending Developer Release, and the
    /// schedule starts (the state turns `ACTIVE`, day 1) when the version is released. Creating
    /// it `ACTIVE` is for a version that is already live.
    public func createPhasedRelease(versionID: String, state: PhasedReleaseState = .inactive) async throws(DistributionAPIError) -> PhasedRelease {
        let body = JSONAPIRequest(
            type: "appStoreVersionPhasedReleases", attributes: PhasedAttributes(phasedReleaseState: state),
            relationships: ["appStoreVersion": JSONAPIRelationship(type: "appStoreVersions", id: versionID)]
        )
        let answer = try await call(.post, "\(baseURL)/v1/appStoreVersionPhasedReleases", body: DistributionTransport.body(body), operation: "create phased release", as: JSONAPIDocument<JSONAPIResource<PhasedAttributes>>.self)
        return Self.phasedRelease(answer.data, fallback: state)
    }

    /// The phased release of version `versionID`, with `currentDayNumber`; `nil` when the
    /// version has none.
    public func phasedRelease(versionID: String) async throws(DistributionAPIError) -> PhasedRelease? {
        let url = "\(baseURL)/v1/appStoreVersions/\(Self.segment(versionID))/appStoreVersionPhasedRelease"
        let answer = try await call(.get, url, body: nil, operation: "read phased release", as: JSONAPIDocument<JSONAPIResource<PhasedAttributes>?>.self)
        return answer.data.map { Self.phasedRelease($0, fallback: .inactive) }
    }

    /// Sets a phased release's state (`PATCH /v1/appStoreVersionPhasedReleases/{id}`).
    public func updatePhasedRelease(id: String, state: PhasedReleaseState) async throws(DistributionAPIError) -> PhasedRelease {
        let body = JSONAPIRequest(type: "appStoreVersionPhasedReleases", id: id, attributes: PhasedAttributes(phasedReleaseState: state))
        let url = "\(baseURL)/v1/appStoreVersionPhasedReleases/\(Self.segment(id))"
        let answer = try await call(.patch, url, body: DistributionTransport.body(body), operation: "set phased release \(state.rawValue)", as: JSONAPIDocument<JSONAPIResource<PhasedAttributes>>.self)
        return Self.phasedRelease(answer.data, fallback: state)
    }

    /// Pauses the phased release (on a health breach or by hand).
    public func pausePhasedRelease(id: String) async throws(DistributionAPIError) -> PhasedRelease {
        try await updatePhasedRelease(id: id, state: .paused)
    }

    /// Resumes a paused phased release.
    public func resumePhasedRelease(id: String) async throws(DistributionAPIError) -> PhasedRelease {
        try await updatePhasedRelease(id: id, state: .active)
    }

    /// Releases to everyone now.
    public func completePhasedRelease(id: String) async throws(DistributionAPIError) -> PhasedRelease {
        try await updatePhasedRelease(id: id, state: .complete)
    }

    private static func phasedRelease(_ resource: JSONAPIResource<PhasedAttributes>, fallback: PhasedReleaseState) -> PhasedRelease {
        PhasedRelease(id: resource.id, state: resource.attributes?.phasedReleaseState ?? fallback, currentDayNumber: resource.attributes?.currentDayNumber)
    }
}
