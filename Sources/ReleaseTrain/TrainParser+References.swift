import MemberwiseInit
import YAMLReading
import Yams

// MARK: - TrainReferences

/// What a server knows of the names a train refers to: whether its repository is registered,
/// and the pipelines it has loaded (the RC pipeline must be one of them).
@MemberwiseInit(.public)
public struct TrainReferences: Sendable, Equatable {
    /// Whether the train's `repository` is registered.
    public var repositoryRegistered: Bool
    /// The loaded pipelines' names.
    public var pipelines: [String]
}

// MARK: - Checking them

extension TrainParser {
    /// The train's references the server does not know, each at its value in `yaml` (the text
    /// `definition` was parsed from) as `file:line:column: message`; empty when both are known.
    ///
    /// Kept apart from ``parse(yaml:file:)``, which stays offline: a posted train is refused
    /// with these, while a train file loaded at start is only reported (its repository may be
    /// registered once the server runs).
    public static func unknownReferences(in yaml: String, file: String, definition: TrainDefinition, known: TrainReferences) -> [TrainDiagnostic] {
        guard !known.repositoryRegistered || !known.pipelines.contains(definition.rcPipeline) else { return [] }
        guard case .success(let root?) = YAMLDocument.compose(yaml, file: file) else { return [] }
        var reader = YAMLNodeReader(file: file, mergeKeys: .plainKeys)
        guard let fields = reader.entries(of: root, "a train definition", allowed: YAMLNodeReader.trainKeys) else { return [] }
        if !known.repositoryRegistered, let node = fields["repository"] {
            let name = definition.repository
            reader.report("repository \(name) is not registered on this server; add it with `mobile-ops repos add \(name) --provider … --clone-url …`", at: node)
        }
        if !known.pipelines.contains(definition.rcPipeline), let node = fields["rc_pipeline"] {
            let name = definition.rcPipeline
            let guess = KeySuggestion.closest(to: name, in: known.pipelines).map { "did you mean '\($0)'? " } ?? ""
            let loaded = known.pipelines.isEmpty ? "no pipelines are loaded" : "loaded: \(known.pipelines.sorted().joined(separator: ", "))"
            reader.report("rc_pipeline: no pipeline '\(name)' is loaded; \(guess)\(loaded)", at: node)
        }
        return reader.diagnostics
    }
}
