import Foundation
import TestSupport

// MARK: - FakeAppStoreConnect

/// App Store Connect as far as the release train uses it, written from Apple's API reference
/// and App Store Connect Help, and strict: a request the documentation does not allow (wrong
/// `type`, an undocumented attribute or query parameter, a state change Apple refuses) gets
/// Apple's error shape with 400, 409 or 422, and nothing changes. One app with one version;
/// review submissions are many, with ids (``FakeAppStoreConnect+ReviewSubmissions``).
///
/// App Review is played by the test: ``approveReview()`` does what Apple does with the
/// version's `releaseType` (the default `AFTER_APPROVAL` puts it on sale at once; `MANUAL`
/// waits in `PENDING_DEVELOPER_RELEASE` for a release request).
public struct FakeAppStoreConnect: Sendable {
    /// The id of the app's one version.
    public static let versionID = "ver-1"
    /// The id of the version's phased release.
    public static let phasedID = "phase-1"

    /// One review submission: `ReviewSubmissionState` and its items.
    public struct Submission: Sendable {
        /// One item: an App Store version, or (nil) something else, e.g. an in-app event.
        public struct Item: Sendable {
            /// The item's id.
            public var id: String
            /// The version it adds, or nil for something else.
            public var versionID: String?
        }

        /// `sub-1`, `sub-2` …
        public var id: String
        /// `IOS`, …
        public var platform = "IOS"
        /// Its `ReviewSubmissionState`.
        public var state = "READY_FOR_REVIEW"
        /// What it holds.
        public var items: [Item] = []

        /// Whether it is still open (not `COMPLETE`).
        public var isOpen: Bool { state != "COMPLETE" }
        /// Whether it holds version `versionID`.
        public func holds(_ versionID: String) -> Bool { items.contains { $0.versionID == versionID } }
    }

    /// The version created in App Store Connect; nil takes the first one the train asks for.
    public var versionString: String?
    /// The version's `appStoreState`.
    public var versionState = "PREPARE_FOR_SUBMISSION"
    /// The version's `releaseType`.
    public var releaseType = "AFTER_APPROVAL"
    /// Every review submission of the app, oldest first (`sub-1`, `sub-2` …).
    public var submissions: [Submission] = []
    /// How many submission items were made, for their ids.
    var itemCount = 0
    /// The phased release's `phasedReleaseState`, when there is one.
    public var phasedState: String?
    /// The phased release's `currentDayNumber`.
    public var phasedDay: Int?
    /// The version's state in each answer to a version read, in order: what the train last
    /// read is the last one (the train must show it within one pass).
    public var statesRead: [String] = []

    /// An app with one version, never submitted.
    public init() {}

    /// The state of the submission holding the version (the newest one), if any.
    public var submissionState: String? { submissions.last { $0.holds(Self.versionID) }?.state }

    /// States in which the version is on sale.
    public static let liveStates: Set<String> = ["READY_FOR_SALE", "READY_FOR_DISTRIBUTION"]

    /// Whether the version is on sale.
    public var isLive: Bool { Self.liveStates.contains(versionState) }

    // MARK: App Review, played by the test

    /// Apple approves the submitted version: on sale now, or waiting for the developer.
    public mutating func approveReview() {
        guard let index = inReview() else { return }
        submissions[index].state = "COMPLETE"
        if releaseType == "MANUAL" {
            versionState = "PENDING_DEVELOPER_RELEASE"
        } else {
            putOnSale()
        }
    }

    /// Apple rejects the submitted version; the submission stays open, holding it.
    public mutating func rejectReview() {
        guard let index = inReview() else { return }
        submissions[index].state = "UNRESOLVED_ISSUES"
        versionState = "REJECTED"
    }

    /// Someone removed the rejected version from review in App Store Connect's website: the
    /// submission App Review sent back is canceled, and the version is the developer's again.
    public mutating func removeFromReviewOnWebsite() {
        guard let index = submissions.lastIndex(where: { $0.holds(Self.versionID) && $0.state == "UNRESOLVED_ISSUES" }) else { return }
        submissions[index].state = "COMPLETE"
        versionState = "DEVELOPER_REJECTED"
    }

    /// Someone submitted the version for review in App Store Connect's website.
    public mutating func submitOnWebsite() {
        itemCount += 1
        submissions.append(Submission(id: "sub-\(submissions.count + 1)", state: "WAITING_FOR_REVIEW", items: [.init(id: "item-\(itemCount)", versionID: Self.versionID)]))
        versionState = "WAITING_FOR_REVIEW"
    }

    /// Someone made a review submission in the website: in `state`, holding `versions` and
    /// `otherItems` items that are not an app version. Answers its id.
    public mutating func addSubmission(state: String, versions: [String], otherItems: Int = 0) -> String {
        let id = "sub-\(submissions.count + 1)"
        var items: [Submission.Item] = []
        for version in versions.map(Optional.some) + Array(repeating: nil, count: otherItems) {
            itemCount += 1
            items.append(.init(id: "item-\(itemCount)", versionID: version))
        }
        submissions.append(Submission(id: id, state: state, items: items))
        return id
    }

    /// App Store Connect finished with submission `id` (its review, or its cancellation).
    public mutating func completeSubmission(_ id: String) {
        guard let index = submissions.firstIndex(where: { $0.id == id }) else { return }
        submissions[index].state = "COMPLETE"
    }

    /// The open submission App Review is looking at for the version.
    private func inReview() -> Int? {
        submissions.lastIndex { $0.holds(Self.versionID) && ["WAITING_FOR_REVIEW", "IN_REVIEW"].contains($0.state) }
    }

    /// Someone turned phased release on in App Store Connect's website.
    public mutating func enablePhasedReleaseOnWebsite() {
        phasedState = isLive ? "ACTIVE" : "INACTIVE"
        phasedDay = isLive ? 1 : nil
    }

    /// The version goes on sale, and an inactive phased release starts at day 1.
    public mutating func putOnSale() {
        versionState = "READY_FOR_DISTRIBUTION"
        if phasedState == "INACTIVE" {
            phasedState = "ACTIVE"
            phasedDay = 1
        }
    }

    // MARK: Requests

    /// Answers one `/v1/…` request.
    public mutating func handle(_ request: LoopbackRequest) -> (Int, String) {
        guard let token = request.headers["authorization"], token.hasPrefix("Bearer "), token.split(separator: ".").count == 3 else {
            return Self.error(401, "NOT_AUTHORIZED", "Provide a properly configured and signed bearer token")
        }
        if request.method != "GET", request.headers["content-type"]?.hasPrefix("application/json") != true {
            return Self.error(415, "UNSUPPORTED_MEDIA_TYPE", "the body must be application/json")
        }
        let path = request.path
        switch (request.method, path) {
        case ("GET", let p) where p.hasPrefix("/v1/apps/") && p.hasSuffix("/appStoreVersions"):
            return findVersions(request.query)
        case ("PATCH", "/v1/appStoreVersions/\(Self.versionID)"):
            return updateVersion(request)
        case ("GET", let p) where p.hasPrefix("/v1/apps/") && p.hasSuffix("/reviewSubmissions"):
            return listSubmissions(request.query)
        case ("POST", "/v1/reviewSubmissions"):
            return createSubmission(request)
        case ("POST", "/v1/reviewSubmissionItems"):
            return addSubmissionItem(request)
        case ("GET", let p) where p.hasPrefix("/v1/reviewSubmissions/") && p.hasSuffix("/items"):
            return listItems(submissionID: String(p.dropFirst("/v1/reviewSubmissions/".count).dropLast("/items".count)), query: request.query)
        case ("PATCH", let p) where p.hasPrefix("/v1/reviewSubmissions/"):
            return updateSubmission(id: String(p.dropFirst("/v1/reviewSubmissions/".count)), request)
        case ("POST", "/v1/appStoreVersionPhasedReleases"):
            return createPhasedRelease(request)
        case ("GET", "/v1/appStoreVersions/\(Self.versionID)/appStoreVersionPhasedRelease"):
            return (200, phasedState == nil ? #"{"data": null}"# : phased())
        case ("PATCH", "/v1/appStoreVersionPhasedReleases/\(Self.phasedID)"):
            return updatePhasedRelease(request)
        case ("POST", "/v1/appStoreVersionReleaseRequests"):
            return requestRelease(request)
        default:
            return Self.error(404, "NOT_FOUND", "The specified resource does not exist: \(request.method) \(path)")
        }
    }

    private mutating func findVersions(_ query: String) -> (Int, String) {
        let pairs = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        let known: Set<String> = ["filter%5BversionString%5D", "filter%5Bplatform%5D", "filter%5BappStoreState%5D", "limit", "fields%5BappStoreVersions%5D"]
        guard pairs.allSatisfy({ $0.count == 2 && known.contains($0[0]) }) else {
            return Self.error(400, "PARAMETER_ERROR.INVALID", "unknown query parameter in '\(query)'")
        }
        let wanted = pairs.first { $0[0] == "filter%5BversionString%5D" }?[1].removingPercentEncoding
        if versionString == nil { versionString = wanted }
        guard wanted == nil || wanted == versionString else { return (200, #"{"data": []}"#) }
        statesRead.append(versionState)
        return (200, #"{"data": [\#(version())]}"#)
    }

    private mutating func updateVersion(_ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "appStoreVersions", id: Self.versionID) else { return Self.malformed }
        let attributes = data["attributes"] as? [String: Any] ?? [:]
        let allowed: Set<String> = ["releaseType", "earliestReleaseDate", "versionString", "copyright", "downloadable", "reviewType", "usesIdfa"]
        guard Set(attributes.keys).isSubset(of: allowed) else { return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.UNKNOWN", "unknown attributes \(attributes.keys.sorted())") }
        if let type = attributes["releaseType"] {
            guard let type = type as? String, ["MANUAL", "AFTER_APPROVAL", "SCHEDULED"].contains(type) else {
                return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "releaseType must be MANUAL, AFTER_APPROVAL or SCHEDULED")
            }
            guard !isLive else { return Self.error(409, "STATE_ERROR", "the version is already on sale") }
            releaseType = type
        }
        return (200, #"{"data": \#(version())}"#)
    }

    private mutating func createPhasedRelease(_ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "appStoreVersionPhasedReleases", id: nil),
              Self.relationship(data, "appStoreVersion", type: "appStoreVersions") == Self.versionID else { return Self.malformed }
        let state = (data["attributes"] as? [String: Any])?["phasedReleaseState"] as? String ?? "INACTIVE"
        guard phasedState == nil else { return Self.error(409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "the version already has a phased release") }
        // Before the version is released its phased release can only be prepared.
        guard isLive || state == "INACTIVE" else {
            return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "a version that is not released takes an INACTIVE phased release, not \(state)")
        }
        phasedState = state
        phasedDay = state == "ACTIVE" ? 1 : nil
        return (201, phased())
    }

    private mutating func updatePhasedRelease(_ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "appStoreVersionPhasedReleases", id: Self.phasedID),
              let state = (data["attributes"] as? [String: Any])?["phasedReleaseState"] as? String, let current = phasedState else { return Self.malformed }
        let allowed: [String: Set<String>] = ["ACTIVE": ["PAUSED", "COMPLETE"], "PAUSED": ["ACTIVE", "COMPLETE"], "INACTIVE": [], "COMPLETE": []]
        guard state == current || allowed[current, default: []].contains(state) else {
            return Self.error(409, "STATE_ERROR", "a phased release in \(current) cannot become \(state)")
        }
        phasedState = state
        return (200, phased())
    }

    private mutating func requestRelease(_ request: LoopbackRequest) -> (Int, String) {
        guard let data = Self.data(request, type: "appStoreVersionReleaseRequests", id: nil), data["attributes"] == nil,
              Self.relationship(data, "appStoreVersion", type: "appStoreVersions") == Self.versionID else { return Self.malformed }
        guard versionState == "PENDING_DEVELOPER_RELEASE" else {
            return Self.error(409, "STATE_ERROR", "only a version in PENDING_DEVELOPER_RELEASE can be released, not \(versionState)")
        }
        putOnSale()
        return (201, #"{"data": {"type": "appStoreVersionReleaseRequests", "id": "release-1"}}"#)
    }
}
