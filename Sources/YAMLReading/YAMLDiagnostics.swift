/// Every problem found in one YAML document: reading never stops at the first one.
///
/// Modules that read YAML answer this under their own names (`PipelineDiagnostics`,
/// `TrainDiagnostics`), so a pipeline file and a train file report problems alike.
public struct YAMLDiagnostics: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, sorted by position, without repeats.
    public var diagnostics: [YAMLDiagnostic]

    /// Wraps problems, sorting them by position and dropping repeats (a YAML anchor used
    /// twice would otherwise report the same problem once per use).
    public init(_ diagnostics: [YAMLDiagnostic]) {
        self.diagnostics = Array(Set(diagnostics)).sorted()
    }

    /// One `file:line:column: message` per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
