import Core
import MemberwiseInit

/// One problem an analyser reported: which tool and rule, how severe, where, and the
/// fingerprint that recognises it again in a later build.
///
/// The path is relative to the repository root (`Sources/App/View.swift`), so findings from a
/// build on one agent compare with findings from another agent's checkout.
@MemberwiseInit(.public)
public struct Finding: Hashable, Codable, Sendable {
    /// The analyser's name as the report gives it (`SwiftLint`, `detekt`, `CodeQL`, `lint`).
    public var tool: String
    /// The rule that fired (`line_length`, `MagicNumber`, `js/sql-injection`, `UnusedResources`).
    public var ruleID: String
    /// How severe the tool says it is, mapped to SARIF's four levels.
    public var level: FindingLevel
    /// The tool's message, entities and escapes decoded.
    public var message: String
    /// The file, relative to the repository root; empty when the report names none.
    public var path: String
    /// The 1-based line; 0 when the report names none (a whole-file or project finding).
    public var startLine: Int
    /// The 1-based column, when the report gives one.
    public var column: Int?
    /// The last line of the flagged region, when the report gives one.
    public var endLine: Int?
    /// The tool's own fingerprint (`primaryLocationLineHash:39fa2ee980eb94b0:1`), when it has one.
    public var toolFingerprint: String?
    /// MobileOps' fingerprint (64 hex digits), set by ``Fingerprinter``; empty until then.
    public var fingerprint: String = ""
    /// Why the finding is less precise than it should be ("location unreadable: ..."), when it is.
    public var note: String?
    /// How the report suppressed it (SARIF `suppressions`), when it did: an accepted
    /// suppression keeps it out of ``FindingsComparison``'s new findings.
    public var suppression: FindingSuppression?

    /// Whether the report silenced it (an accepted suppression).
    public var isSuppressed: Bool { suppression?.silences == true }
}
