/// A finding's severity, in SARIF's terms (§3.27.10): every format's own names map onto these.
///
/// Ordered from least to most severe, so `fail_on: warning` is "level >= .warning".
public enum FindingLevel: String, Codable, Sendable, Comparable, CaseIterable {
    /// Not a problem (SARIF `none`, Checkstyle `ignore`, Android Lint `Ignore`).
    case none
    /// Worth knowing (SARIF `note`, Checkstyle `info`, Android Lint `Information`).
    case note
    /// A problem (SARIF's default, Checkstyle and Android Lint `warning`, SwiftLint `Warning`).
    case warning
    /// A serious problem (`error` everywhere, Android Lint `Fatal` too).
    case error

    private var rank: Int {
        switch self {
        case .none: 0
        case .note: 1
        case .warning: 2
        case .error: 3
        }
    }

    /// Whether `lhs` is less severe than `rhs`.
    public static func < (lhs: FindingLevel, rhs: FindingLevel) -> Bool { lhs.rank < rhs.rank }

    /// SARIF's `level` values; nil for anything else (the caller applies the spec's default).
    public init?(sarif name: String) {
        self.init(rawValue: name)
    }

    /// Checkstyle's `severity` (`error`, `warning`, `info`, `ignore`), any case; nil for others.
    public init?(checkstyle name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warning": self = .warning
        case "info": self = .note
        case "ignore": self = .none
        default: return nil
        }
    }

    /// Android Lint's `severity` (`Fatal`, `Error`, `Warning`, `Information`, `Ignore`); nil for others.
    public init?(androidLint name: String) {
        switch name.lowercased() {
        case "fatal", "error": self = .error
        case "warning": self = .warning
        case "information", "informational": self = .note
        case "ignore": self = .none
        default: return nil
        }
    }

    /// SwiftLint's `severity` as its JSON reporter writes it (`Warning`, `Error`); nil for others.
    public init?(swiftLint name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warning": self = .warning
        default: return nil
        }
    }

    /// Code Climate's `severity` (GitLab Code Quality), any case; nil for others. `info` is a
    /// note, `minor` a warning, and `major`, `critical` and `blocker` errors: SwiftLint's own
    /// `codeclimate` reporter writes an error as `major` and a warning as `minor`, so its
    /// findings keep their level.
    public init?(codeClimate name: String) {
        switch name.lowercased() {
        case "blocker", "critical", "major": self = .error
        case "minor": self = .warning
        case "info": self = .note
        default: return nil
        }
    }
}
