import Core
import JSONScanning

/// One SARIF `run` (§3.14) being read: its tool's name and rules, its base URIs, and its
/// results until the run ends and they can be resolved.
///
/// Results wait for the end of their run because the properties that resolve them (`tool`,
/// `originalUriBaseIds`) may come after `results` in the object; only these small records are
/// held, never the document.
struct SARIFRun {
    /// A rule descriptor's parts that a result falls back on (§3.49).
    struct Rule {
        var id: String?
        var defaultLevel: String?
    }

    /// An `originalUriBaseIds` entry (§3.14.14): a URI, itself perhaps relative to another base.
    struct BaseURI {
        var uri: String?
        var baseID: String?
    }

    var toolName = ""
    var rules: [Rule] = []
    var baseURIs: [String: BaseURI] = [:]
    var results: [SARIFResult] = []

    // MARK: Reading

    /// Reads the run's `tool` object: `driver.name` and `driver.rules`.
    mutating func readTool(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            guard key == "driver" else { return try scanner.skipValue(depth: depth) }
            try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                switch key {
                case "name": toolName = try scanner.stringOrSkip(depth: depth) ?? toolName
                case "rules": try readRules(&scanner, depth: depth)
                default: try scanner.skipValue(depth: depth)
                }
            }
        }
    }

    private mutating func readRules(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        try scanner.readArray(depth: depth) { (scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) in
            var rule = Rule()
            try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                switch key {
                case "id": rule.id = try scanner.stringOrSkip(depth: depth)
                case "defaultConfiguration":
                    try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                        if key == "level" { rule.defaultLevel = try scanner.stringOrSkip(depth: depth) } else { try scanner.skipValue(depth: depth) }
                    }
                default: try scanner.skipValue(depth: depth)
                }
            }
            rules.append(rule)
        }
    }

    /// Reads `originalUriBaseIds`.
    mutating func readBaseURIs(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, name: String, depth: Int) throws(JSONScanner.Failure) in
            var base = BaseURI()
            try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                switch key {
                case "uri": base.uri = try scanner.stringOrSkip(depth: depth)
                case "uriBaseId": base.baseID = try scanner.stringOrSkip(depth: depth)
                default: try scanner.skipValue(depth: depth)
                }
            }
            baseURIs[name] = base
        }
    }

    // MARK: Resolving

    /// The run's results as findings, paths relative to `root`. Each path made takes its bytes
    /// from `pathBudget`; a run that needs more than is left is refused.
    func findings(root: String?, pathBudget: inout Int) throws(FindingsError) -> [Finding] {
        let tool = toolName.isEmpty ? "SARIF" : toolName
        // Rules by id, once per run: a search per result is rules × results (40,000 of each:
        // minutes). The first rule with an id wins, as a search from the start would find it.
        var rulesByID: [String: Int] = [:]
        for (index, rule) in rules.enumerated() {
            if let id = rule.id, rulesByID[id] == nil { rulesByID[id] = index }
        }
        // Results cluster in few files: each URI is resolved once.
        var paths: [String: String] = [:]
        var findings: [Finding] = []
        findings.reserveCapacity(results.count)
        for result in results {
            let rule = result.ruleIndex.flatMap { rules.indices.contains($0) ? rules[$0] : nil }
                ?? result.ruleID.flatMap { rulesByID[$0] }.map { rules[$0] }
            var path = ""
            if let uri = result.uri {
                let key = uri + "\u{0}" + (result.uriBaseID ?? "")
                if let known = paths[key] {
                    path = known
                } else {
                    path = RepositoryPath.normalise(resolve(uri, baseID: result.uriBaseID, hops: 0), root: root)
                    pathBudget -= path.utf8.count
                    guard pathBudget >= 0 else {
                        let limit = SARIFStreamReader.maximumPathBytes
                        throw .invalidReport(format: .sarif, reason: "the findings' paths come to more than \(limit) bytes", offset: nil)
                    }
                    paths[key] = path
                }
            }
            findings.append(Finding(
                tool: tool,
                ruleID: result.ruleID ?? rule?.id ?? "unknown",
                level: level(of: result, rule: rule),
                message: result.message ?? result.messageID.map { "(message \($0))" } ?? "",
                path: path,
                startLine: result.startLine ?? 0,
                column: result.startColumn,
                endLine: result.endLine,
                toolFingerprint: Self.toolFingerprint(of: result),
                note: result.locationProblem.map { "location unreadable: \($0)" },
                suppression: result.suppression
            ))
        }
        return findings
    }

    /// §3.27.10: a `kind` other than `fail` means `none`; else `level`, else the rule's
    /// `defaultConfiguration.level`, else `warning`.
    private func level(of result: SARIFResult, rule: Rule?) -> FindingLevel {
        if let kind = result.kind, kind != "fail" { return .none }
        if let level = result.level.flatMap(FindingLevel.init(sarif:)) { return level }
        return rule?.defaultLevel.flatMap(FindingLevel.init(sarif:)) ?? .warning
    }

    /// `primaryLocationLineHash` (the partial fingerprint CodeQL writes and GitHub code scanning
    /// tracks alerts by: a hash of the flagged line's content, so it survives code moving), else
    /// the first of `fingerprints` by key (§3.27.16: stable across runs by definition).
    static func toolFingerprint(of result: SARIFResult) -> String? {
        if let hash = result.primaryLocationLineHash { return "primaryLocationLineHash:\(hash)" }
        return result.firstFingerprint.map { "\($0.key):\($0.value)" }
    }

    /// `uri` made absolute through its base ids (`file:` URIs and absolute paths are already);
    /// a relative URI whose base is unknown (`%SRCROOT%` left undefined) is taken relative to
    /// the repository root.
    private func resolve(_ uri: String, baseID: String?, hops: Int) -> String {
        if uri.hasPrefix("file:") { return RepositoryPath.fileURIPath(uri) }
        if uri.hasPrefix("/") || Self.hasScheme(uri) { return RepositoryPath.relativeURIPath(uri) }
        let relative = RepositoryPath.relativeURIPath(uri)
        // Bases may chain; eight hops is more than any tool writes, and ends a loop. A base
        // longer than any real path (PATH_MAX) is ignored, so no path grows past eight of them.
        guard hops < 8, let baseID, let base = baseURIs[baseID], let baseURI = base.uri,
              baseURI.utf8.count <= JobFindings.maximumPathLength else { return relative }
        let prefix = resolve(baseURI, baseID: base.baseID, hops: hops + 1)
        return prefix.isEmpty ? relative : prefix + "/" + relative
    }

    /// Whether `uri` starts with an RFC 3986 scheme (`https:`), which no base applies to.
    private static func hasScheme(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":"), let first = uri.first, first.isLetter else { return false }
        return uri[..<colon].allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }
}
