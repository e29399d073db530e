import Core
import Foundation

/// Reads Android Lint's XML report (`lint-results-debug.xml`): `<issues format="6" by="lint
/// 8.x">` holding `<issue id severity message …>` elements, each with one or more `<location
/// file line column/>` children. The first location is where the issue is; later ones are
/// secondary places (the other declaration of a duplicate, say).
public enum AndroidLintParser {
    /// The findings of a lint report, paths relative to `root`; refused past `maximumFindings`.
    public static func parse(_ data: Data, root: String?, maximumFindings: Int = JobFindings.maximumFindings) throws(FindingsError) -> [Finding] {
        var findings: [Finding] = []
        var open: Finding?
        try XMLElementReader.read(data, format: .androidLint) { (event: XMLElementReader.Event) throws(FindingsError) in
            switch event {
            case .start("issue", let attributes):
                guard findings.count < maximumFindings else { throw .tooManyFindings(format: .androidLint, limit: maximumFindings) }
                let severity = attributes["severity"] ?? "Warning"
                open = Finding(
                    tool: "Android Lint",
                    ruleID: attributes["id"] ?? "unknown",
                    level: FindingLevel(androidLint: severity) ?? .warning,
                    message: attributes["message"] ?? "",
                    path: "",
                    startLine: 0
                )
            case .start("location", let attributes):
                // Only the first location of an issue: it has no path yet.
                guard var finding = open, finding.path.isEmpty, finding.startLine == 0 else { return }
                finding.path = RepositoryPath.normalise(attributes["file"] ?? "", root: root)
                finding.startLine = attributes["line"].flatMap { Int($0) } ?? 0
                finding.column = attributes["column"].flatMap { Int($0) }
                open = finding
            case .end("issue"):
                if let finding = open { findings.append(finding) }
                open = nil
            default:
                break
            }
        }
        return findings
    }
}
