import Foundation
import YAMLBudget
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
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure(file: path, "cannot read the file")
        }
        guard let yaml = String(data: data, encoding: .utf8) else {
            return failure(file: path, "the file is not UTF-8 text")
        }
        return parse(yaml: yaml, file: path)
    }

    // MARK: Internals

    /// Like `parse`, also returning where the name is, for errors the catalog finds later.
    static func parseLocated(yaml: String, file: String) -> Result<(definition: PipelineDefinition, nameMark: Mark?), PipelineDiagnostics> {
        // Before composing: an alias bomb or deep nesting costs nothing until it is expanded.
        if let violation = YAMLBudget.standard.check(yaml) {
            return .failure(PipelineDiagnostics([PipelineDiagnostic(file: file, line: violation.line, column: violation.column, message: violation.message)]))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            return .failure(PipelineDiagnostics([syntaxDiagnostic(error, file: file)]))
        }
        guard let root else {
            return failure(file: file, "the file is empty: a pipeline needs at least 'name' and 'steps'")
        }
        var reader = NodeReader(file: file)
        let result = reader.pipeline(from: root)
        guard reader.diagnostics.isEmpty, let result else {
            return .failure(PipelineDiagnostics(reader.diagnostics))
        }
        return .success(result)
    }

    private static func failure<Success>(file: String, _ message: String) -> Result<Success, PipelineDiagnostics> {
        .failure(PipelineDiagnostics([PipelineDiagnostic(file: file, line: 1, column: 1, message: message)]))
    }

    /// Positions libYAML's errors; Yams' own description embeds the whole document, so the
    /// message is rebuilt from the parts.
    static func syntaxDiagnostic(_ error: any Error, file: String) -> PipelineDiagnostic {
        func diagnostic(_ mark: Mark, _ message: String) -> PipelineDiagnostic {
            PipelineDiagnostic(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(message)")
        }
        func withContext(_ problem: String, _ context: YamlError.Context?) -> String {
            guard let context else { return problem }
            return "\(problem) (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
        }
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return diagnostic(mark, withContext(problem, context))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return diagnostic(context.mark, "duplicate key \(keys) in the same map")
        case .reader(let problem, let offset, _, let yaml):
            let prefix = yaml.utf8.prefix(max(0, offset ?? 0))
            let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let column = (prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last?.count ?? 0) + 1
            return PipelineDiagnostic(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        default:
            return PipelineDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}
