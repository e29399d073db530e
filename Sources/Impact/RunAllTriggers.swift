import Foundation

/// The files a graph cannot see into: a change to any of them may alter every module's build,
/// so every suite runs. Configurable per repository; ``default`` covers SPM, Gradle and XcodeGen.
public struct RunAllTriggers: Sendable, Hashable, Codable {
    /// The patterns, in the order they are tried (the first match names the reason).
    public var patterns: [GlobPattern]

    /// A trigger list from patterns (see ``GlobPattern`` for the syntax).
    public init(patterns: [String]) {
        self.patterns = patterns.map(GlobPattern.init)
    }

    /// The built-in list: root manifests and lock files, Gradle settings, wrapper, catalogs and
    /// included builds, XcodeGen specs and checked-in Xcode projects.
    public static let `default` = RunAllTriggers(patterns: [
        // Swift Package Manager
        "Package.swift", "Package@swift-*.swift", "Package.resolved",
        // Gradle
        "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
        "gradle.properties", "gradlew", "gradlew.bat", "gradle/", "**/*.versions.toml",
        "buildSrc/", "build-logic/",
        // Xcode / XcodeGen / CocoaPods
        "project.yml", "project.yaml", "**/*.xcodeproj/", "**/*.xcworkspace/",
        "Podfile", "Podfile.lock", "Cartfile", "Cartfile.resolved",
    ])

    /// No triggers at all: for a repository that lists every trigger itself with ``adding(_:)``.
    public static let none = RunAllTriggers(patterns: [])

    /// This list plus more patterns (a repository's own additions).
    public func adding(_ more: [String]) -> RunAllTriggers {
        var copy = self
        copy.patterns += more.map(GlobPattern.init)
        return copy
    }

    /// The first pattern the path matches, if any.
    public func firstMatch(for path: String) -> GlobPattern? {
        firstMatch(for: PathComponents(path))
    }

    /// The first pattern a path split once by the caller matches.
    func firstMatch(for path: PathComponents) -> GlobPattern? {
        patterns.first { $0.matches(path) }
    }
}
