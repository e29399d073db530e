import Core
import Foundation
import JSONScanning

/// Reads SwiftLint's JSON reporter output (`swiftlint lint --reporter json`): an array of
/// `{character, file, line, reason, rule_id, severity, type}`, where `character`, `file` and
/// `line` may be null and `severity` is `Warning` or `Error`.
public enum SwiftLintJSONParser {
    /// The findings of a SwiftLint JSON report, paths relative to `root`; refused past
    /// `maximumFindings`.
    public static func parse(_ data: Data, root: String?, maximumFindings: Int = JobFindings.maximumFindings) throws(FindingsError) -> [Finding] {
        var findings: [Finding] = []
        // A byte-order mark is not JSON, but editors add one; offsets still count it.
        let bom = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var tooMany = false
        do throws(JSONScanner.Failure) {
            // Array's, not Data's, closure reader passes the typed error on.
            try [UInt8](data).withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) throws(JSONScanner.Failure) in
                var scanner = JSONScanner(UnsafeBufferPointer(rebasing: bytes[bom...]))
                try scanner.readArray(depth: 0) { (scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) in
                    let finding = try violation(&scanner, depth: depth, root: root)
                    // The scanner's closures throw only its own error: the flag says which one this is.
                    tooMany = findings.count >= maximumFindings
                    if tooMany { throw scanner.error("too many findings") }
                    findings.append(finding)
                }
                try scanner.expectEnd()
            }
        } catch {
            if tooMany { throw .tooManyFindings(format: .swiftLintJSON, limit: maximumFindings) }
            throw .malformedJSON(format: .swiftLintJSON, reason: error.reason, offset: bom + error.offset)
        }
        return findings
    }

    private static func violation(_ scanner: inout JSONScanner, depth: Int, root: String?) throws(JSONScanner.Failure) -> Finding {
        var finding = Finding(tool: "SwiftLint", ruleID: "unknown", level: .warning, message: "", path: "", startLine: 0)
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "character": finding.column = try scanner.intOrSkip(depth: depth)
            case "file": finding.path = try scanner.stringOrSkip(depth: depth).map { RepositoryPath.normalise($0, root: root) } ?? ""
            case "line": finding.startLine = try scanner.intOrSkip(depth: depth) ?? 0
            case "reason": finding.message = try scanner.stringOrSkip(depth: depth) ?? ""
            case "rule_id": finding.ruleID = try scanner.stringOrSkip(depth: depth) ?? "unknown"
            case "severity": finding.level = try scanner.stringOrSkip(depth: depth).flatMap(FindingLevel.init(swiftLint:)) ?? .warning
            default: try scanner.skipValue(depth: depth)
            }
        }
        return finding
    }
}
