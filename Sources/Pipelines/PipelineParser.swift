import Foundation
import YAMLReading
import Yams

/// Turns pipeline YAML into a validated `PipelineDefinition`, or every problem in it.
///
/// Pure and offline: the server's folder loader, the CLI's `pipelines validate` and tests
/// all use the same function.
public enum PipelineParser {
    /// Parses one pipeline. On failure the diagnostics cover the whole file, each with
    /// `file:line:column`; a YAML syntax error is the only case that stops early, because
    /// nothing after it can be read reliably.
    public static func parse(yaml: String, file: String) -> Result<PipelineDefinition, PipelineDiagnostics> {
        parseLocated(yaml: yaml, file: file).map(\.definition)
    }

    /// Reads and parses the file at `path`, naming it `path` in diagnostics.
    public static func parse(contentsOf path: String) -> Result<PipelineDefinition, PipelineDiagnostics> {
        switch YAMLDocument.text(contentsOf: path) {
        case .success(let yaml): parse(yaml: yaml, file: path)
        case .failure(let unreadable): failure(file: path, unreadable.message)
        }
    }

    // MARK: Internals

    /// Like `parse`, also returning where the name is, for errors the catalog finds later.
    static func parseLocated(yaml: String, file: String) -> Result<(definition: PipelineDefinition, nameMark: Mark?), PipelineDiagnostics> {
        let root: Node?
        switch YAMLDocument.compose(yaml, file: file) {
        case .success(let node): root = node
        case .failure(let diagnostic): return .failure(PipelineDiagnostics([diagnostic]))
        }
        guard let root else {
            return failure(file: file, "the file is empty: a pipeline needs at least 'name' and 'steps'")
        }
        var reader = YAMLNodeReader(file: file)
        let result = reader.pipeline(from: root)
        guard reader.diagnostics.isEmpty, let result else {
            return .failure(PipelineDiagnostics(reader.diagnostics))
        }
        return .success(result)
    }

    private static func failure<Success>(file: String, _ message: String) -> Result<Success, PipelineDiagnostics> {
        .failure(PipelineDiagnostics([PipelineDiagnostic(file: file, line: 1, column: 1, message: message)]))
    }
}
