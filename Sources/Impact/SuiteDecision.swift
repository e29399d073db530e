import Foundation
import MemberwiseInit

/// One test suite's verdict, selected or skipped, and why.
@MemberwiseInit(.public)
public struct SuiteDecision: Codable, Sendable, Hashable, Identifiable {
    /// The suite's name.
    public var name: String
    /// The module it tests.
    public var module: String
    /// Its kind (ui, unit, snapshot, …).
    public var kind: TestKind
    /// The reason as one line: for a selected suite the chain from it to the change, e.g.
    /// `AppFeatureTests → AppFeature → OnboardingFeature ← Sources/OnboardingFeature/View.swift`.
    public var reason: String
    /// The same chain as names, suite first, the changed module last (empty when skipped).
    public var chain: [String] = []
    /// The changed file at the end of the chain, or the file that forced a full run.
    public var file: String?

    /// A decision is identified by its suite's name, unique within a report.
    public var id: String { name }

    /// The one-line form of a chain: names joined by `→`, then `←` and the file.
    public static func describe(chain: [String], file: String) -> String {
        chain.joined(separator: " → ") + " ← " + file
    }
}
