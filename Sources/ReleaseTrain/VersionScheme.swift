import Foundation

// MARK: - VersionScheme

/// How a train names its versions: semantic versions with one part bumped per release, or
/// calendar versions in a fixed format.
///
/// In the file (and JSON) it is a map: `{scheme: semver, bump: minor}` or
/// `{scheme: calver, format: YYYY.0W.N}`.
public enum VersionScheme: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `MAJOR.MINOR.PATCH`, bumping `bump` for each regular release.
    case semver(bump: SemverPart)
    /// A calendar version such as `2025.03.14` or `2025.07.2`.
    case calver(CalendarVersionFormat)

    /// `semver (bump minor)` or `calver YYYY.0W.N`, for messages.
    public var description: String {
        switch self {
        case .semver(let bump): "semver (bump \(bump.rawValue))"
        case .calver(let format): "calver \(format)"
        }
    }

    // MARK: Next versions

    /// The version of the next regular release after `latest` (the latest released version,
    /// `nil` for a train's first release), started at `date` in `timeZone`.
    public func nextVersion(after latest: String?, at date: Date, timeZone: TimeZone) throws(VersionError) -> String {
        switch self {
        case .semver(let bump):
            guard let latest else { return SemanticVersion(major: 1, minor: 0, patch: 0).description }
            return try SemanticVersion(parsing: latest).bumped(bump).description
        case .calver(let format):
            return try format.nextVersion(after: latest, at: date, timeZone: timeZone)
        }
    }

    /// The version of a hotfix on top of `latest` (the latest released version): a patch bump
    /// for semver; for calver, the counter `N` bumped, or a `.1`, `.2` … suffix without one.
    public func hotfixVersion(after latest: String) throws(VersionError) -> String {
        switch self {
        case .semver:
            return try SemanticVersion(parsing: latest).bumped(.patch).description
        case .calver(let format):
            return try format.hotfixVersion(after: latest)
        }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case scheme, bump, format
    }

    /// Decodes `{scheme, bump}` or `{scheme, format}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let scheme = try container.decode(String.self, forKey: .scheme)
        switch scheme {
        case "semver":
            self = .semver(bump: try container.decodeIfPresent(SemverPart.self, forKey: .bump) ?? .minor)
        case "calver":
            let text = try container.decode(String.self, forKey: .format)
            do {
                self = .calver(try CalendarVersionFormat(parsing: text))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .format, in: container, debugDescription: error.description)
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: .scheme, in: container, debugDescription: "scheme must be semver or calver, found \(scheme)")
        }
    }

    /// Encodes `{scheme, bump}` or `{scheme, format}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .semver(let bump):
            try container.encode("semver", forKey: .scheme)
            try container.encode(bump, forKey: .bump)
        case .calver(let format):
            try container.encode("calver", forKey: .scheme)
            try container.encode(format.description, forKey: .format)
        }
    }
}

// MARK: - SemverPart

/// The part of a semantic version a regular release bumps.
public enum SemverPart: String, Sendable, Hashable, Codable, CaseIterable {
    /// `2.4.1` → `3.0.0`.
    case major
    /// `2.4.1` → `2.5.0`.
    case minor
    /// `2.4.1` → `2.4.2`.
    case patch
}

// MARK: - VersionError

/// Why a version could not be read or derived.
public struct VersionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the version and the expected form.
    public var description: String

    /// Wraps a message.
    init(_ description: String) {
        self.description = description
    }
}
