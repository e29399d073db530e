import MemberwiseInit

// MARK: - App Store Connect resources

/// An App Store version (`appStoreVersions`): one version string of an app on one platform.
@MemberwiseInit(.public)
public struct AppStoreVersion: Sendable, Hashable {
    /// The resource id.
    public var id: String
    /// The version string, e.g. `2.5.0`.
    public var versionString: String
    /// `PREPARE_FOR_SUBMISSION`, `WAITING_FOR_REVIEW`, `READY_FOR_SALE` … when reported.
    public var state: String?
    /// `MANUAL`, `AFTER_APPROVAL` or `SCHEDULED`, when reported.
    public var releaseType: String?
}

extension AppStoreVersion {
    /// `appStoreState` values after App Review approved the version.
    public static let approvedStates: Set<String> = [
        "ACCEPTED", "PENDING_DEVELOPER_RELEASE", "PENDING_APPLE_RELEASE", "PROCESSING_FOR_APP_STORE",
        "PROCESSING_FOR_DISTRIBUTION", "READY_FOR_SALE", "READY_FOR_DISTRIBUTION",
    ]
    /// `appStoreState` values of a version turned down by App Review (or withdrawn from it).
    public static let rejectedStates: Set<String> = ["REJECTED", "METADATA_REJECTED", "INVALID_BINARY", "DEVELOPER_REJECTED"]
    /// `appStoreState` values of a version on sale.
    public static let liveStates: Set<String> = ["READY_FOR_SALE", "READY_FOR_DISTRIBUTION"]

    /// Whether the version is on sale (users can get it).
    public var isLive: Bool { state.map(Self.liveStates.contains) ?? false }
    /// Whether it was approved and waits for a release request (its release type is `MANUAL`).
    public var awaitsDeveloperRelease: Bool { state == "PENDING_DEVELOPER_RELEASE" }
}

/// A review submission (`reviewSubmissions`).
@MemberwiseInit(.public)
public struct ReviewSubmission: Sendable, Hashable {
    /// The resource id.
    public var id: String
    /// `READY_FOR_REVIEW`, `WAITING_FOR_REVIEW`, `IN_REVIEW` … when reported.
    public var state: String?

    /// `ReviewSubmissionState` values of a submission that is not finished (all but
    /// `COMPLETE`): while one holds a version, no other submission can take that version.
    public static let openStates = ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING", "COMPLETING"]
}

/// A phased release (`appStoreVersionPhasedReleases`).
@MemberwiseInit(.public)
public struct PhasedRelease: Sendable, Hashable {
    /// The resource id.
    public var id: String
    /// Where the phased release is.
    public var state: PhasedReleaseState
    /// The day of Apple's 7-day schedule (1–7), once started.
    public var currentDayNumber: Int?

    /// The share of users on today's step of Apple's schedule.
    public var percent: Double {
        state == .complete ? 100 : AppStorePhasedSchedule.percent(forDay: currentDayNumber)
    }
}

/// `PhasedReleaseState`.
public enum PhasedReleaseState: String, Sendable, Hashable, Codable {
    /// Set up but not started (the version is not live yet).
    case inactive = "INACTIVE"
    /// Rolling out on Apple's schedule.
    case active = "ACTIVE"
    /// Paused (Apple allows up to 30 days in total).
    case paused = "PAUSED"
    /// Released to everyone.
    case complete = "COMPLETE"
}

// MARK: - JSON:API envelopes

/// `{"data": …}`.
struct JSONAPIDocument<Data: Decodable>: Decodable {
    var data: Data
}

/// `{"type", "id", "attributes"}`.
struct JSONAPIResource<Attributes: Decodable>: Decodable {
    var id: String
    var attributes: Attributes?
}

/// A reference to another resource: `{"data": {"type", "id"}}`.
struct JSONAPIRelationship: Encodable {
    struct Identifier: Encodable {
        var type: String
        var id: String
    }

    var data: Identifier

    init(type: String, id: String) {
        self.data = Identifier(type: type, id: id)
    }
}

/// A request body: `{"data": {"type", "id"?, "attributes"?, "relationships"?}}`.
struct JSONAPIRequest<Attributes: Encodable>: Encodable {
    struct Body: Encodable {
        var type: String
        var id: String?
        var attributes: Attributes?
        var relationships: [String: JSONAPIRelationship]?
    }

    var data: Body

    init(type: String, id: String? = nil, attributes: Attributes?, relationships: [String: JSONAPIRelationship]? = nil) {
        self.data = Body(type: type, id: id, attributes: attributes, relationships: relationships)
    }
}
