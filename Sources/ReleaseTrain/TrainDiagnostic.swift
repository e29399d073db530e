import YAMLReading

// MARK: - TrainDiagnostic

/// One problem in a train definition, at `file:line:column` (1-based, as editors print them).
public struct TrainDiagnostic: Error, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file (or `request body`) the problem is in.
    public var file: String
    /// 1-based line of the offending key or value.
    public var line: Int
    /// 1-based column of the offending key or value.
    public var column: Int
    /// What is wrong and, where it can be guessed, how to fix it.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The reader's diagnostic as a train's, unchanged.
    init(_ diagnostic: YAMLDiagnostic) {
        self.init(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message)
    }

    /// `file:line:column: message`, the shape terminals and editors link.
    public var description: String { "\(file):\(line):\(column): \(message)" }

    /// Orders by file, then position, so a report reads top to bottom.
    public static func < (lhs: TrainDiagnostic, rhs: TrainDiagnostic) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
    }
}

// MARK: - TrainDiagnostics

/// Every problem found in one train definition: parsing never stops at the first.
public struct TrainDiagnostics: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, sorted by position, without repeats.
    public var diagnostics: [TrainDiagnostic]

    /// Wraps problems, sorting them.
    public init(_ diagnostics: [TrainDiagnostic]) {
        self.diagnostics = Array(Set(diagnostics)).sorted()
    }

    /// One `file:line:column: message` per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
