import Foundation
import YAMLBudget
import Yams

// MARK: - TrainParser

/// Turns train YAML (or JSON, which is YAML) into a validated ``TrainDefinition``, or every
/// problem in it with `file:line:column`. Pure and offline: the server's folder loader,
/// `POST /api/v1/trains`, the CLI and tests all use it.
public enum TrainParser {
    /// Parses one train definition; `file` names it in diagnostics (a path, or `request body`).
    public static func parse(yaml: String, file: String) -> Result<TrainDefinition, TrainDiagnostics> {
        // Before composing: an alias bomb or deep nesting costs nothing until it is expanded.
        if let violation = YAMLBudget.standard.check(yaml) {
            return .failure(TrainDiagnostics([TrainDiagnostic(file: file, line: violation.line, column: violation.column, message: violation.message)]))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            return .failure(TrainDiagnostics([syntaxDiagnostic(error, file: file)]))
        }
        guard let root else {
            return failure(file: file, "the definition is empty: a train needs at least name, repository, platforms and rc_pipeline")
        }
        var reader = TrainNodeReader(file: file)
        let definition = reader.train(from: root)
        guard reader.diagnostics.isEmpty, let definition else {
            return .failure(TrainDiagnostics(reader.diagnostics))
        }
        return .success(definition)
    }

    /// Reads and parses the file at `path`, naming it `path` in diagnostics.
    public static func parse(contentsOf path: String) -> Result<TrainDefinition, TrainDiagnostics> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure(file: path, "cannot read the file")
        }
        guard let yaml = String(data: data, encoding: .utf8) else {
            return failure(file: path, "the file is not UTF-8 text")
        }
        return parse(yaml: yaml, file: path)
    }

    // MARK: Internals

    private static func failure<Success>(file: String, _ message: String) -> Result<Success, TrainDiagnostics> {
        .failure(TrainDiagnostics([TrainDiagnostic(file: file, line: 1, column: 1, message: message)]))
    }

    /// Positions libYAML's errors; Yams' own description embeds the whole document (which
    /// could be long), so the message is rebuilt from its parts.
    static func syntaxDiagnostic(_ error: any Error, file: String) -> TrainDiagnostic {
        func diagnostic(_ mark: Mark, _ message: String) -> TrainDiagnostic {
            TrainDiagnostic(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(message)")
        }
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let suffix = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return diagnostic(mark, problem + suffix)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return diagnostic(context.mark, "duplicate key \(keys) in the same map")
        case .reader(let problem, let offset, _, let yaml):
            let prefix = yaml.utf8.prefix(max(0, offset ?? 0))
            let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let column = (prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last?.count ?? 0) + 1
            return TrainDiagnostic(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        default:
            return TrainDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}
