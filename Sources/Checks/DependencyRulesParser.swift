import Foundation
import YAMLReading
import Yams

/// Turns a `mobile-ops-checks.yml` into ``DependencyRules``, or every problem in it at
/// `file:line:column`: an unknown key (with a suggestion), a value of the wrong type, a bad
/// pattern. Nothing is ignored silently, since a rule that quietly checks nothing is worse than
/// none. Pure and offline: the CLI, the server and the agent use it alike.
public enum DependencyRulesParser {
    /// Parses rules; `file` names the document in diagnostics (a path, or `request body`).
    public static func parse(yaml: String, file: String) -> Result<DependencyRules, YAMLDiagnostics> {
        let root: Node?
        switch YAMLDocument.compose(yaml, file: file) {
        case .success(let node): root = node
        case .failure(let diagnostic): return .failure(YAMLDiagnostics([diagnostic]))
        }
        guard let root else {
            return failure(file: file, "the rules file is empty: it needs a 'rules:' list")
        }
        var reader = YAMLNodeReader(file: file, mergeKeys: .honoured)
        let rules = reader.dependencyRules(from: root)
        guard reader.diagnostics.isEmpty, let rules else {
            return .failure(YAMLDiagnostics(reader.diagnostics))
        }
        return .success(rules)
    }

    /// Reads and parses the file at `path`, naming it `shownAs` (default `path`) in diagnostics.
    public static func parse(contentsOf path: String, shownAs name: String? = nil) -> Result<DependencyRules, YAMLDiagnostics> {
        let shown = name ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure(file: shown, "cannot read the rules file")
        }
        guard let yaml = String(data: data, encoding: .utf8) else {
            return failure(file: shown, "the rules file is not UTF-8 text")
        }
        return parse(yaml: yaml, file: shown)
    }

    private static func failure(file: String, _ message: String) -> Result<DependencyRules, YAMLDiagnostics> {
        .failure(YAMLDiagnostics([YAMLDiagnostic(file: file, line: 1, column: 1, message: message)]))
    }
}
