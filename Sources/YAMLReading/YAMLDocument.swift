import Foundation
import YAMLBudget
import Yams

/// Composes YAML text into nodes for a ``YAMLNodeReader``, or says precisely why it cannot.
///
/// The one place where untrusted text becomes nodes: the budget is checked first, so an
/// alias bomb or deep nesting is refused before anything expands it, and libYAML's errors
/// are turned into the same `file:line:column` diagnostics the reader records.
public enum YAMLDocument {
    /// The root node of `yaml`, `nil` for an empty document, or the one diagnostic that
    /// stopped it (a syntax error or an exceeded budget: nothing after it can be read
    /// reliably). `file` names the document in the diagnostic.
    public static func compose(_ yaml: String, file: String, budget: YAMLBudget = .standard) -> Result<Node?, YAMLDiagnostic> {
        if let violation = budget.check(yaml) {
            return .failure(YAMLDiagnostic(violation, file: file))
        }
        do {
            return .success(try Yams.compose(yaml: yaml))
        } catch {
            return .failure(syntaxDiagnostic(error, file: file))
        }
    }

    /// The text of the YAML file at `path`, or the diagnostic (at 1:1 of `path`) saying why
    /// there is none: the file cannot be read, or is not UTF-8 text. Every definition file
    /// read from disk (pipelines, trains) is refused in these words.
    public static func text(contentsOf path: String) -> Result<String, YAMLDiagnostic> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(YAMLDiagnostic(file: path, line: 1, column: 1, message: "cannot read the file"))
        }
        guard let yaml = String(data: data, encoding: .utf8) else {
            return .failure(YAMLDiagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8 text"))
        }
        return .success(yaml)
    }

    /// Positions libYAML's errors; Yams' own description embeds the whole document (which
    /// could be long), so the message is rebuilt from its parts.
    public static func syntaxDiagnostic(_ error: any Error, file: String) -> YAMLDiagnostic {
        func diagnostic(_ mark: Mark, _ message: String) -> YAMLDiagnostic {
            YAMLDiagnostic(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(message)")
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
            // Reader errors (bad encoding) carry a byte offset rather than a mark.
            let prefix = yaml.utf8.prefix(max(0, offset ?? 0))
            let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let column = (prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last?.count ?? 0) + 1
            return YAMLDiagnostic(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        default:
            return YAMLDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}
