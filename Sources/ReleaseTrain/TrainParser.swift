import Foundation
import YAMLReading
import Yams

// MARK: - TrainParser

/// Turns train YAML (or JSON, which is YAML) into a validated ``TrainDefinition``, or every
/// problem in it with `file:line:column`. Pure and offline: the server's folder loader,
/// `POST /api/v1/trains`, the CLI and tests all use it.
public enum TrainParser {
    /// Parses one train definition; `file` names it in diagnostics (a path, or `request body`).
    public static func parse(yaml: String, file: String) -> Result<TrainDefinition, TrainDiagnostics> {
        let root: Node?
        switch YAMLDocument.compose(yaml, file: file) {
        case .success(let node): root = node
        case .failure(let diagnostic): return .failure(TrainDiagnostics([diagnostic]))
        }
        guard let root else {
            return failure(file: file, "the definition is empty: a train needs at least name, repository, platforms and rc_pipeline")
        }
        // Train definitions never documented YAML merges: `<<` stays an unknown key.
        var reader = YAMLNodeReader(file: file, mergeKeys: .plainKeys)
        let definition = reader.train(from: root)
        guard reader.diagnostics.isEmpty, let definition else {
            return .failure(TrainDiagnostics(reader.diagnostics))
        }
        return .success(definition)
    }

    /// Reads and parses the file at `path`, naming it `path` in diagnostics.
    public static func parse(contentsOf path: String) -> Result<TrainDefinition, TrainDiagnostics> {
        switch YAMLDocument.text(contentsOf: path) {
        case .success(let yaml): parse(yaml: yaml, file: path)
        case .failure(let unreadable): failure(file: path, unreadable.message)
        }
    }

    // MARK: Internals

    private static func failure<Success>(file: String, _ message: String) -> Result<Success, TrainDiagnostics> {
        .failure(TrainDiagnostics([TrainDiagnostic(file: file, line: 1, column: 1, message: message)]))
    }
}
