import YAMLReading

/// One problem found in a pipeline file, located precisely enough for an editor to jump to it.
///
/// Lines and columns are 1-based, as editors and compilers print them; columns count Unicode
/// scalars, as libYAML does.
public struct PipelineDiagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file the problem is in, as it was passed to the parser or found in the folder.
    public var file: String
    /// 1-based line of the offending key or value.
    public var line: Int
    /// 1-based column of the offending key or value.
    public var column: Int
    /// What is wrong and, where it can be guessed, how to fix it.
    public var message: String

    /// Creates a diagnostic at a position in a file.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The reader's diagnostic as a pipeline's, unchanged.
    init(_ diagnostic: YAMLDiagnostic) {
        self.init(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message)
    }

    /// `file:line:column: message`, the shape compilers use so terminals and editors link it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

// MARK: - Ordering

extension PipelineDiagnostic: Comparable {
    /// Orders by file, then position, so a report reads top to bottom.
    public static func < (lhs: PipelineDiagnostic, rhs: PipelineDiagnostic) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
    }
}

// MARK: - A file's worth of diagnostics

/// Every problem found in one pipeline file: parsing never stops at the first one.
public struct PipelineDiagnostics: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, sorted by position.
    public var diagnostics: [PipelineDiagnostic]

    /// Wraps problems, sorting them by position and dropping repeats (a YAML anchor used
    /// twice would otherwise report the same problem once per use).
    public init(_ diagnostics: [PipelineDiagnostic]) {
        self.diagnostics = Array(Set(diagnostics)).sorted()
    }

    /// One `file:line:column: message` per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
