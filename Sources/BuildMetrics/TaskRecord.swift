import Foundation
import MemberwiseInit

/// One unit of build-system work: a Gradle task (`:app:compileDebugKotlin`) or an Xcode target.
@MemberwiseInit(.public)
public struct TaskRecord: Codable, Sendable, Equatable, Hashable {
    /// The task path or target name.
    public var name: String
    /// The owning project or target: `:app` for a Gradle task, the target for Xcode.
    public var target: String?
    /// Wall time in seconds, when the source reports it (Gradle's console does not).
    public var durationSeconds: Double?
    /// What the build system did with the task.
    public var outcome: TaskOutcome
    /// Which cache served a `fromCache` task; `unknown` when the source does not say.
    public var cacheKind: CacheKind = .unknown

    private enum CodingKeys: String, CodingKey { case name, target, durationSeconds, outcome, cacheKind }

    /// Decodes a task; `cacheKind` defaults to `unknown`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        target = try container.decodeIfPresent(String.self, forKey: .target)
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds)
        outcome = try container.decode(TaskOutcome.self, forKey: .outcome)
        cacheKind = try container.decodeIfPresent(CacheKind.self, forKey: .cacheKind) ?? .unknown
    }
}

// MARK: - Task values

/// What the build system did with a task (Gradle's vocabulary; Xcode targets map onto it).
public enum TaskOutcome: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// Ran its action (Gradle: no suffix).
    case executed
    /// Outputs were current; nothing to do (`UP-TO-DATE`).
    case upToDate
    /// Outputs were restored from a build cache (`FROM-CACHE`).
    case fromCache
    /// Had no inputs (`NO-SOURCE`).
    case noSource
    /// Not run (`SKIPPED`, an `onlyIf` that was false).
    case skipped
    /// Ran and failed (`FAILED`).
    case failed
}

/// Which build cache served a task.
public enum CacheKind: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// The machine's own cache.
    case local
    /// A shared remote cache.
    case remote
    /// The source does not say.
    case unknown
}
