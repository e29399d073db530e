import YAMLReading

/// Why dependency checks could not run (as opposed to finding violations).
public enum DependencyChecksError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rules file has problems, each at its line.
    case invalidRules(YAMLDiagnostics)
    /// There is no rules file where one was expected.
    case missingRules(String)
    /// The baseline is not a previous report.
    case invalidBaseline(String)

    /// A readable description, one problem per line.
    public var description: String {
        switch self {
        case let .invalidRules(diagnostics): diagnostics.description
        case let .missingRules(path): "no rules file at \(path); write one (see docs/checks.md) or name it with --rules"
        case let .invalidBaseline(reason): "baseline: \(reason)"
        }
    }
}
