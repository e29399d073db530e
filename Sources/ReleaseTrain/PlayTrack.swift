import MemberwiseInit

// MARK: - PlayTrack

/// A Google Play track as the Android Publisher API's `edits.tracks` resource has it:
/// `{"track": "production", "releases": [...]}`.
@MemberwiseInit(.public)
public struct PlayTrack: Sendable, Hashable, Codable {
    /// The track's name, e.g. `production`, `beta`, `wear:production`.
    public var track: String
    /// In a read, every active release of the track; in an update, the desired releases.
    public var releases: [PlayTrackRelease]

    /// Decodes, reading a track without releases (Play omits the key) as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        track = try container.decode(String.self, forKey: .track)
        releases = try container.decodeIfPresent([PlayTrackRelease].self, forKey: .releases) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case track, releases
    }
}

// MARK: - PlayTrackRelease

/// One release within a track.
public struct PlayTrackRelease: Sendable, Hashable, Codable {
    /// The release name shown in the Play Console; Play derives one when absent.
    public var name: String?
    /// Version codes of the release's bundles, as strings (int64 on the wire).
    public var versionCodes: [String]
    /// Where the release is.
    public var status: PlayReleaseStatus
    /// The share of users (0–1) for `inProgress` and `halted`; must be absent otherwise.
    public var userFraction: Double?
    /// What's new, per language.
    public var releaseNotes: [PlayLocalizedText]?

    /// Creates a release; `userFraction` is dropped unless the status allows one.
    public init(name: String? = nil, versionCodes: [String], status: PlayReleaseStatus, userFraction: Double? = nil, releaseNotes: [PlayLocalizedText]? = nil) {
        self.name = name
        self.versionCodes = versionCodes
        self.status = status
        self.userFraction = status == .inProgress || status == .halted ? userFraction : nil
        self.releaseNotes = releaseNotes
    }
}

// MARK: - PlayReleaseStatus

/// A track release's status.
public enum PlayReleaseStatus: String, Sendable, Hashable, Codable {
    /// Not set.
    case statusUnspecified
    /// Not yet available to users.
    case draft
    /// Rolling out to `userFraction` of users.
    case inProgress
    /// Rollout stopped; users who have it keep it.
    case halted
    /// Available to every user of the track.
    case completed
}

// MARK: - PlayLocalizedText

/// Text in one language (BCP-47 tag such as `en-US`).
@MemberwiseInit(.public)
public struct PlayLocalizedText: Sendable, Hashable, Codable {
    /// The language tag.
    public var language: String
    /// The text.
    public var text: String
}
