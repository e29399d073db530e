import Core
import JSONScanning

/// One Code Climate issue (an element of a GitLab Code Quality report) as read, before its path
/// is made relative to the checkout.
struct CodeClimateIssue {
    var checkName: String?
    var description: String?
    var engineName: String?
    var fingerprint: String?
    var severity: String?
    var path: String?
    /// `location.lines.begin`, else `location.positions.begin.line`.
    var beginLine: Int?
    /// `location.positions.begin.column`.
    var beginColumn: Int?
    /// `location.lines.end`, else `location.positions.end.line`.
    var endLine: Int?

    /// Reads the issue object at the scanner's position.
    static func read(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) -> CodeClimateIssue {
        var issue = CodeClimateIssue()
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "check_name": issue.checkName = try scanner.stringOrSkip(depth: depth)
            case "description": issue.description = try scanner.stringOrSkip(depth: depth)
            case "engine_name": issue.engineName = try scanner.stringOrSkip(depth: depth)
            case "fingerprint": issue.fingerprint = try scanner.stringOrSkip(depth: depth)
            case "severity": issue.severity = try scanner.stringOrSkip(depth: depth)
            case "location": try issue.readLocation(&scanner, depth: depth)
            default: try scanner.skipValue(depth: depth)
            }
        }
        return issue
    }

    /// `location` (`path`, and `lines` or `positions`); both are valid for GitLab, and a line
    /// in `lines` wins.
    private mutating func readLocation(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        var lines: (begin: Int?, end: Int?) = (nil, nil)
        var positions: (begin: (line: Int?, column: Int?), end: (line: Int?, column: Int?)) = ((nil, nil), (nil, nil))
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "path": path = try scanner.stringOrSkip(depth: depth)
            case "lines":
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    switch key {
                    case "begin": lines.begin = try scanner.intOrSkip(depth: depth)
                    case "end": lines.end = try scanner.intOrSkip(depth: depth)
                    default: try scanner.skipValue(depth: depth)
                    }
                }
            case "positions":
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    switch key {
                    case "begin": positions.begin = try Self.readPosition(&scanner, depth: depth)
                    case "end": positions.end = try Self.readPosition(&scanner, depth: depth)
                    default: try scanner.skipValue(depth: depth)
                    }
                }
            default: try scanner.skipValue(depth: depth)
            }
        }
        beginLine = lines.begin ?? positions.begin.line
        beginColumn = lines.begin == nil ? positions.begin.column : nil
        endLine = lines.begin == nil ? positions.end.line : lines.end
    }

    /// A position (`line` and `column`; an `offset`-only position has neither).
    private static func readPosition(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) -> (line: Int?, column: Int?) {
        var position: (line: Int?, column: Int?) = (nil, nil)
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "line": position.line = try scanner.intOrSkip(depth: depth)
            case "column": position.column = try scanner.intOrSkip(depth: depth)
            default: try scanner.skipValue(depth: depth)
            }
        }
        return position
    }

    /// The issue as a finding, its path relative to `root`, taking the path's bytes from
    /// `pathBudget`; an issue whose path would pass the budget is refused.
    func finding(root: String?, pathBudget: inout Int) throws(FindingsError) -> Finding {
        let relative = path.map { RepositoryPath.normalise($0, root: root) } ?? ""
        pathBudget -= relative.utf8.count
        guard pathBudget >= 0 else {
            let limit = SARIFStreamReader.maximumPathBytes
            throw .invalidReport(format: .codeClimate, reason: "the findings' paths come to more than \(limit) bytes", offset: nil)
        }
        let tool = engineName.flatMap { $0.isEmpty ? nil : $0 } ?? CodeClimateStreamReader.defaultTool
        return Finding(
            tool: tool,
            ruleID: checkName.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown",
            level: severity.flatMap(FindingLevel.init(codeClimate:)) ?? .warning,
            message: description ?? "",
            path: relative,
            startLine: max(beginLine ?? 0, 0),
            column: beginColumn,
            endLine: endLine,
            toolFingerprint: fingerprint.flatMap { $0.isEmpty ? nil : "fingerprint:\($0)" }
        )
    }
}
