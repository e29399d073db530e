import Core
import Foundation

/// Reads Checkstyle XML: `<checkstyle><file name="…"><error line column severity message
/// source/></file></checkstyle>`, as SwiftLint (`--reporter checkstyle`), Detekt (`--report
/// xml:…`) and ktlint (`--reporter=checkstyle`) write it.
///
/// The format has no tool name, so the tool is read from `source`: `swiftlint.rules.line_length`
/// is SwiftLint's `line_length`, `detekt.MagicNumber` Detekt's `MagicNumber`, and ktlint's
/// `standard:no-wildcard-imports` (rule sets `standard:`, `experimental:`) ktlint's rule as
/// written. Anything else is `Checkstyle` (or the caller's `tool`) with `source` as the rule.
public enum CheckstyleParser {
    /// The findings of a Checkstyle report, paths relative to `root`; refused past
    /// `maximumFindings`.
    public static func parse(
        _ data: Data, root: String?, tool: String? = nil, maximumFindings: Int = JobFindings.maximumFindings
    ) throws(FindingsError) -> [Finding] {
        var findings: [Finding] = []
        var file = ""
        try XMLElementReader.read(data, format: .checkstyle) { (event: XMLElementReader.Event) throws(FindingsError) in
            guard case .start(let name, let attributes) = event else { return }
            switch name {
            // SwiftLint names a violation without a file `<nopath>`.
            case "file": file = attributes["name"].map { $0 == "<nopath>" ? "" : RepositoryPath.normalise($0, root: root) } ?? ""
            case "error":
                guard findings.count < maximumFindings else { throw .tooManyFindings(format: .checkstyle, limit: maximumFindings) }
                findings.append(finding(attributes, file: file, tool: tool))
            default: break
            }
        }
        return findings
    }

    private static func finding(_ attributes: [String: String], file: String, tool: String?) -> Finding {
        let (sourceTool, rule) = split(source: attributes["source"] ?? "")
        let severity = attributes["severity"] ?? "warning"
        return Finding(
            tool: tool ?? sourceTool,
            ruleID: rule.isEmpty ? "unknown" : rule,
            level: FindingLevel(checkstyle: severity) ?? .warning,
            message: attributes["message"] ?? "",
            path: file,
            startLine: attributes["line"].flatMap { Int($0) } ?? 0,
            // Columns are 1-based; SwiftLint writes 0 for none.
            column: attributes["column"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        )
    }

    /// The tool and rule a `source` attribute names.
    static func split(source: String) -> (tool: String, rule: String) {
        if source.hasPrefix("swiftlint.rules.") { return ("SwiftLint", String(source.dropFirst("swiftlint.rules.".count))) }
        if source.hasPrefix("detekt.") { return ("detekt", String(source.dropFirst("detekt.".count))) }
        if source.hasPrefix("standard:") || source.hasPrefix("experimental:") { return ("ktlint", source) }
        return ("Checkstyle", source)
    }
}
