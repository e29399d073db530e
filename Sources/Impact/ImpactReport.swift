import Foundation
import MemberwiseInit

/// The answer of an impact analysis: whether everything must run and why, which modules a
/// change reaches, and for every test suite whether it runs, with the chain that decided it.
///
/// Encodes with the JSON keys the CLI's `--json` and `POST /api/v1/impact` promise:
/// `runAll`, `affectedModules`, `selected`, `skipped`, `unownedFiles` (plus `sharedFiles` and
/// `warnings`, which explain odd inputs).
@MemberwiseInit(.public)
public struct ImpactReport: Codable, Sendable, Hashable {
    /// Whether every suite runs, and which files forced that.
    public var runAll: RunAllDecision
    /// Modules whose production code changed or that depend on one that did, sorted by name.
    public var affectedModules: [String]
    /// Suites to run, sorted by name, each with its reason.
    public var selected: [SuiteDecision]
    /// Suites that no change can reach through the build graph, sorted by name.
    public var skipped: [SuiteDecision]
    /// Changed files outside every module that match no run-all trigger (docs, README): they
    /// select nothing.
    public var unownedFiles: [String]
    /// Changed files that belong to more than one module or suite at once; all of them count.
    public var sharedFiles: [SharedFile] = []
    /// Oddities of the graph worth knowing when reading the answer.
    public var warnings: [String] = []

    /// Names of the selected suites of one kind (the pipeline's `ui_tests:` step wants `.ui`).
    public func selectedNames(kind: TestKind? = nil) -> [String] {
        selected.filter { kind == nil || $0.kind == kind }.map(\.name)
    }
}

/// Whether every suite must run, and the changed files that forced it.
public struct RunAllDecision: Codable, Sendable, Hashable {
    /// True when at least one changed file matched a run-all trigger.
    public var value: Bool
    /// One entry per forcing file, sorted by file.
    public var reasons: [RunAllReason]

    /// Creates a decision from its reasons; `value` is whether there are any.
    public init(reasons: [RunAllReason]) {
        self.value = !reasons.isEmpty
        self.reasons = reasons
    }
}

/// A changed file that forced a full run, and the trigger it matched.
@MemberwiseInit(.public)
public struct RunAllReason: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The changed file, project-relative.
    public var file: String
    /// The trigger pattern or run-all path it matched.
    public var trigger: String

    /// `Package.swift changed`, or `ci/build.sh changed (run-all trigger ci/**)` when a
    /// pattern matched: a file "matching" its own name says nothing.
    public var description: String {
        file == trigger ? "\(file) changed" : "\(file) changed (run-all trigger \(trigger))"
    }
}

/// A changed file with several owners (a source shared by an app and its extension).
@MemberwiseInit(.public)
public struct SharedFile: Codable, Sendable, Hashable {
    /// The changed file.
    public var file: String
    /// Names of the modules and suites owning it, sorted.
    public var owners: [String]
}
