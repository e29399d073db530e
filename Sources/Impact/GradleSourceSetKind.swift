import Foundation

/// Which suite a Gradle source set or a dependency configuration belongs to.
enum GradleSourceSetKind: Hashable, Sendable {
    /// `main` and other production source sets; `implementation`, `api`, … configurations.
    case production
    /// `src/test`, `src/testDebug`, KMP `commonTest`/`jvmTest`; `testImplementation` and kin.
    case unit
    /// `src/androidTest`, KMP `androidInstrumentedTest`; `androidTestImplementation` and kin.
    case ui
    /// `src/screenshotTest` (Compose preview screenshot tests); `screenshotTestImplementation`.
    case snapshot

    /// The kind of a source-set folder name under `src/`.
    init(sourceSet name: String) {
        self = Self.classify(name)
    }

    /// The kind of a configuration name (`androidTestImplementation` → ui).
    init(configuration name: String) {
        self = Self.classify(name)
    }

    /// Shared rule: test fixtures are production code for other modules' tests, so they
    /// count as production (selecting more, never less). "Test" must start a camel-case word
    /// (`testImplementation`, `commonTest`), so `latestImplementation` stays production.
    private static func classify(_ name: String) -> GradleSourceSetKind {
        let lower = name.lowercased()
        guard name.hasPrefix("test") || name.contains("Test") else { return .production }
        if lower.hasPrefix("testfixtures") { return .production }
        if lower.contains("androidtest") || lower.contains("instrumentedtest") { return .ui }
        if lower.contains("screenshottest") { return .snapshot }
        return .unit
    }

    /// The suffix of the suite's name: `:core:data:test`.
    var suiteSuffix: String {
        switch self {
        case .production: "main"
        case .unit: "test"
        case .ui: "androidTest"
        case .snapshot: "screenshotTest"
        }
    }

    /// The report's kind for the suite.
    var testKind: TestKind {
        switch self {
        case .production, .unit: .unit
        case .ui: .ui
        case .snapshot: .snapshot
        }
    }
}
