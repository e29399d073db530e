import Foundation
import MemberwiseInit

// MARK: - TrainDefinition

/// One release train: what ships, on which cadence, how versions and branches are named, who
/// signs off, and how the stores roll it out.
///
/// The coding keys are the same snake_case keys the YAML file uses, so a JSON body for
/// `POST /api/v1/trains` can go through ``TrainParser`` (JSON is YAML) and get the same
/// positioned errors as a file. Durations encode as seconds, as the API contract says.
@MemberwiseInit(.public)
public struct TrainDefinition: Sendable, Hashable, Codable {
    /// A lowercase slug, unique per server; used in URLs and CLI arguments.
    public var name: String
    /// The repository the train cuts branches in, e.g. `acme/mobile-app`.
    public var repository: String
    /// The stores this train ships to; never empty, no repeats.
    public var platforms: [ReleasePlatform]
    /// When releases start on their own.
    public var cadence: Cadence = .manual
    /// How the next version is derived from the latest released one.
    public var versionScheme: VersionScheme = .semver(bump: .minor)
    /// The release branch name with a `{version}` placeholder, e.g. `release/{version}`.
    public var releaseBranchPattern: String = "release/{version}"
    /// The pipeline that builds a release candidate from the release branch.
    public var rcPipeline: String
    /// Named approvals that must all be given before submission, e.g. `qa`, `product`.
    public var signoffGates: [String] = []
    /// How each platform rolls out once approved by the store.
    public var rollout: RolloutPlan = RolloutPlan()
    /// Rules whose breach halts the rollout.
    public var healthRules: [HealthRule] = []
    /// Which stores a breach halts: all of them (the default) or only the breached one.
    public var healthHalt: HealthHaltScope = .all

    /// Decodes the JSON form; definitions stored before `health_halt` existed halt all stores.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            repository: try container.decode(String.self, forKey: .repository),
            platforms: try container.decode([ReleasePlatform].self, forKey: .platforms),
            cadence: try container.decode(Cadence.self, forKey: .cadence),
            versionScheme: try container.decode(VersionScheme.self, forKey: .versionScheme),
            releaseBranchPattern: try container.decode(String.self, forKey: .releaseBranchPattern),
            rcPipeline: try container.decode(String.self, forKey: .rcPipeline),
            signoffGates: try container.decode([String].self, forKey: .signoffGates),
            rollout: try container.decode(RolloutPlan.self, forKey: .rollout),
            healthRules: try container.decode([HealthRule].self, forKey: .healthRules),
            healthHalt: try container.decodeIfPresent(HealthHaltScope.self, forKey: .healthHalt) ?? .all
        )
    }

    /// The keys of the file format (also the JSON keys).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, repository, platforms, cadence
        case versionScheme = "version"
        case releaseBranchPattern = "release_branch"
        case rcPipeline = "rc_pipeline"
        case signoffGates = "signoff"
        case rollout
        case healthRules = "health"
        /// In a file, `halt:` inside a `health:` mapping; JSON keeps it at the top.
        case healthHalt = "health_halt"
    }

    // MARK: Names

    /// The placeholder the branch pattern must contain.
    public static let versionPlaceholder = "{version}"

    /// The release branch for `version`, e.g. `release/2.4.0`.
    public func releaseBranch(for version: String) -> String {
        releaseBranchPattern.replacingOccurrences(of: Self.versionPlaceholder, with: version)
    }

    /// The hotfix branch for `version`: the release pattern with a `hotfix/` prefix in place of
    /// its first path segment when it has one (`release/{version}` → `hotfix/2.4.1`), so
    /// hotfixes never collide with the regular release branches.
    public func hotfixBranch(for version: String) -> String {
        let branch = releaseBranch(for: version)
        guard let slash = branch.firstIndex(of: "/") else { return "hotfix/\(branch)" }
        return "hotfix" + branch[slash...]
    }

    /// Whether every sign-off gate is named in `approved`.
    public func allGatesSigned(_ approved: Set<String>) -> Bool {
        signoffGates.allSatisfy(approved.contains)
    }
}

// MARK: - ReleasePlatform

/// A store a train ships to.
public enum ReleasePlatform: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The App Store, through App Store Connect.
    case ios
    /// Google Play, through the Android Publisher API.
    case android

    /// The raw name, as the file writes it.
    public var description: String { rawValue }

    /// The store's name for messages and notifications.
    public var distributionName: String {
        switch self {
        case .ios: "App Store"
        case .android: "Google Play"
        }
    }
}
