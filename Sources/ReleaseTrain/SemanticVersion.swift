import MemberwiseInit

// MARK: - SemanticVersion

/// `MAJOR.MINOR.PATCH`; tags like `v2.4.1` are read too (the `v` is dropped).
@MemberwiseInit(.public)
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Incompatible changes.
    public var major: Int
    /// New features.
    public var minor: Int
    /// Fixes.
    public var patch: Int

    /// Reads `1.2.3`, `v1.2.3` or `1.2` (patch 0); pre-release and build suffixes are not
    /// release versions and are rejected.
    public init(parsing text: String) throws(VersionError) {
        var body = Substring(text)
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        guard (2...3).contains(parts.count), numbers.count == parts.count else {
            throw VersionError("'\(text)' is not a semantic version; expected MAJOR.MINOR.PATCH such as 2.4.1")
        }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers.count == 3 ? numbers[2] : 0)
    }

    /// The version after bumping `part` (lower parts reset to 0).
    public func bumped(_ part: SemverPart) -> SemanticVersion {
        switch part {
        case .major: SemanticVersion(major: major + 1, minor: 0, patch: 0)
        case .minor: SemanticVersion(major: major, minor: minor + 1, patch: 0)
        case .patch: SemanticVersion(major: major, minor: minor, patch: patch + 1)
        }
    }

    /// `MAJOR.MINOR.PATCH`.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// Orders by major, then minor, then patch.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
