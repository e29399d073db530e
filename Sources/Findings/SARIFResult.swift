import Core
import JSONScanning

/// One SARIF `result` (§3.27) as read, before the run's rules and base URIs resolve it.
///
/// Only what a finding needs is kept; every other property (`codeFlows`, `relatedLocations`,
/// `properties`, …) is skipped, though still checked for well-formedness.
struct SARIFResult {
    var ruleID: String?
    var ruleIndex: Int?
    var kind: String?
    var level: String?
    var message: String?
    var messageID: String?
    var uri: String?
    var uriBaseID: String?
    var artifactIndex: Int?
    var startLine: Int?
    var startColumn: Int?
    var endLine: Int?
    /// Set when the first location exists but names no file (then the finding keeps a note).
    var locationProblem: String?
    /// `partialFingerprints.primaryLocationLineHash`.
    var primaryLocationLineHash: String?
    /// The first of `fingerprints` by key, as `key:value`.
    var firstFingerprint: (key: String, value: String)?
    /// What `suppressions` come to (``readSuppressions(_:depth:)``).
    var suppression: FindingSuppression?

    /// Reads the result object at the scanner's position.
    static func read(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) -> SARIFResult {
        var result = SARIFResult()
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "ruleId": result.ruleID = try scanner.stringOrSkip(depth: depth)
            case "ruleIndex": result.ruleIndex = try scanner.intOrSkip(depth: depth)
            case "rule":
                // A reportingDescriptorReference (§3.52): `id`, or `index` into the driver's rules.
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    switch key {
                    case "id": if let id = try scanner.stringOrSkip(depth: depth) { result.ruleID = result.ruleID ?? id }
                    case "index": if let index = try scanner.intOrSkip(depth: depth) { result.ruleIndex = result.ruleIndex ?? index }
                    default: try scanner.skipValue(depth: depth)
                    }
                }
            case "kind": result.kind = try scanner.stringOrSkip(depth: depth)
            case "level": result.level = try scanner.stringOrSkip(depth: depth)
            case "message": try result.readMessage(&scanner, depth: depth)
            case "locations": try result.readLocations(&scanner, depth: depth)
            case "partialFingerprints":
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    let value = try scanner.stringOrSkip(depth: depth)
                    if key == "primaryLocationLineHash" { result.primaryLocationLineHash = value }
                }
            case "suppressions": try result.readSuppressions(&scanner, depth: depth)
            case "fingerprints":
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    guard let value = try scanner.stringOrSkip(depth: depth) else { return }
                    if result.firstFingerprint.map({ key < $0.key }) ?? true { result.firstFingerprint = (key, value) }
                }
            default: try scanner.skipValue(depth: depth)
            }
        }
        return result
    }

    /// A message object (§3.11): `text`, else `markdown`, else the `id` of a rule's message string.
    private mutating func readMessage(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        var markdown: String?
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "text": message = try scanner.stringOrSkip(depth: depth)
            case "markdown": markdown = try scanner.stringOrSkip(depth: depth)
            case "id": messageID = try scanner.stringOrSkip(depth: depth)
            default: try scanner.skipValue(depth: depth)
            }
        }
        if message == nil { message = markdown }
    }

    /// `suppressions` (§3.27.23): each suppression's `status` (§3.35.3) is `accepted` when
    /// absent. A rejected one outweighs the rest (a reviewer found the result real), then one
    /// under review (not silenced until accepted), then an accepted one, which silences the
    /// result. A status this reader does not know neither silences nor outweighs; an empty
    /// array is no suppression.
    private mutating func readSuppressions(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        var accepted = false, underReview = false, rejected = false
        try scanner.readArray(depth: depth) { (scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) in
            var status = "accepted"
            try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                guard key == "status" else { return try scanner.skipValue(depth: depth) }
                status = try scanner.stringOrSkip(depth: depth) ?? ""
            }
            switch status {
            case "accepted": accepted = true
            case "underReview": underReview = true
            case "rejected": rejected = true
            default: break
            }
        }
        suppression = rejected ? nil : underReview ? .underReview : accepted ? .accepted : nil
    }

    /// The first location's physical location; the others are skipped (§3.27.12: the first is
    /// where the result is, the rest are other places it also is).
    private mutating func readLocations(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        var first = true
        try scanner.readArray(depth: depth) { (scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) in
            guard first else { return try scanner.skipValue(depth: depth) }
            first = false
            var sawPhysical = false
            try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                guard key == "physicalLocation" else { return try scanner.skipValue(depth: depth) }
                sawPhysical = true
                try readPhysicalLocation(&scanner, depth: depth)
            }
            if !sawPhysical {
                locationProblem = "the first location has no physicalLocation"
            } else if uri == nil {
                locationProblem = artifactIndex.map { "the location names artifact \($0) without a uri" }
                    ?? "the location has no artifactLocation.uri"
            }
        }
    }

    /// `artifactLocation` (§3.4) and `region` (§3.30) of a physicalLocation.
    private mutating func readPhysicalLocation(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) {
        try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
            switch key {
            case "artifactLocation":
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    switch key {
                    case "uri": uri = try scanner.stringOrSkip(depth: depth)
                    case "uriBaseId": uriBaseID = try scanner.stringOrSkip(depth: depth)
                    case "index": artifactIndex = try scanner.intOrSkip(depth: depth)
                    default: try scanner.skipValue(depth: depth)
                    }
                }
            case "region":
                try scanner.readObject(depth: depth) { (scanner: inout JSONScanner, key: String, depth: Int) throws(JSONScanner.Failure) in
                    switch key {
                    case "startLine": startLine = try scanner.intOrSkip(depth: depth)
                    case "startColumn": startColumn = try scanner.intOrSkip(depth: depth)
                    case "endLine": endLine = try scanner.intOrSkip(depth: depth)
                    default: try scanner.skipValue(depth: depth)
                    }
                }
            default: try scanner.skipValue(depth: depth)
            }
        }
    }
}
