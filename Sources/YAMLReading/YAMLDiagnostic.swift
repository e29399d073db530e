import MemberwiseInit
import YAMLBudget

/// One problem found while reading a YAML document, located precisely enough for an editor to
/// jump to it.
///
/// Lines and columns are 1-based, as editors and compilers print them; columns count Unicode
/// scalars, as libYAML does. Modules that read YAML answer these under their own names
/// (`PipelineDiagnostic`, `TrainDiagnostic`), so every YAML problem prints the same way.
@MemberwiseInit(.public)
public struct YAMLDiagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file the problem is in, as the caller named it (a path, or `request body`).
    public var file: String
    /// 1-based line of the offending key or value.
    public var line: Int
    /// 1-based column of the offending key or value.
    public var column: Int
    /// What is wrong and, where it can be guessed, how to fix it.
    public var message: String

    /// `file:line:column: message`, the shape compilers use so terminals and editors link it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

// MARK: - Ordering

extension YAMLDiagnostic: Comparable {
    /// Orders by file, then position, so a report reads top to bottom.
    public static func < (lhs: YAMLDiagnostic, rhs: YAMLDiagnostic) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
    }
}

// MARK: - From the budget

extension YAMLDiagnostic {
    /// The diagnostic for a document that went over its ``YAMLBudget``, where it went over.
    public init(_ violation: YAMLBudget.Violation, file: String) {
        self.init(file: file, line: violation.line, column: violation.column, message: violation.message)
    }
}
