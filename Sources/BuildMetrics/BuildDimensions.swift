import Foundation
import MemberwiseInit

/// The columns a build is grouped and filtered by. Only `repository` is required: a report
/// from a developer laptop may know little else.
@MemberwiseInit(.public)
public struct BuildDimensions: Codable, Sendable, Equatable, Hashable {
    /// Repository name as MobileOps knows it (e.g. `acme/ios-app`). Must not be empty.
    public var repository: String
    /// Branch the build ran on.
    public var branch: String?
    /// Pipeline (or CI workflow) name.
    public var pipeline: String?
    /// Target platform.
    public var platform: Platform?
    /// Machine (agent name or host) that ran the build.
    public var machine: String?
    /// Xcode version, e.g. `16.2`.
    public var xcodeVersion: String?
    /// Gradle version, e.g. `8.10.2`.
    public var gradleVersion: String?
    /// CI or a developer's machine.
    public var environment: BuildEnvironment?
    /// Clean or incremental build.
    public var buildKind: BuildKind?
}

// MARK: - Dimension values

/// The platform a build targets.
public enum Platform: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// iOS (and other Apple platforms built with Xcode).
    case ios
    /// Android.
    case android
    /// Anything else (a shared Kotlin library, a backend).
    case other
}

/// Where a build ran.
public enum BuildEnvironment: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// A CI machine.
    case ci
    /// A developer's own machine.
    case local
}

/// Whether a build started from nothing or reused earlier outputs.
public enum BuildKind: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// From a clean state (no DerivedData / build directory).
    case clean
    /// Reusing outputs of an earlier build.
    case incremental
}
