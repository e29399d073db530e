// MARK: - What a kept finding may hold, stated once for both findings routes

/// Both routes store findings under the same rules, whoever read the report:
///
/// - a reader of a raw report (the agent in its checkout, the server for
///   `POST /api/v1/builds/{id}/findings`) makes each finding fit with ``StoredFinding/fitted()``,
///   so the same report gives the same stored findings through either route;
/// - the server checks every finding it is about to store with ``StoredFinding/problem``, and
///   the agent route refuses a body whose findings a reader would never have produced.
extension StoredFinding {
    /// What is wrong with the finding's text, path, line or fingerprint, or nil. (Its level is
    /// the server's to check against the `Findings` module's levels.)
    public var problem: String? {
        for (name, value) in [("tool", tool), ("ruleID", ruleID)] {
            if value.isEmpty || value.count > JobFindings.maximumNameLength || JobFindings.hasControlCharacters(value, allowingLineBreaks: false) {
                return "\(name) must be 1 to \(JobFindings.maximumNameLength) characters without control characters"
            }
        }
        if message.count > JobFindings.maximumMessageLength || JobFindings.hasControlCharacters(message, allowingLineBreaks: true) {
            return "message must be at most \(JobFindings.maximumMessageLength) characters, without control characters other than tabs and line breaks"
        }
        if let path, path.isEmpty || path.count > JobFindings.maximumPathLength || JobFindings.hasControlCharacters(path, allowingLineBreaks: false) {
            return "path must be absent or 1 to \(JobFindings.maximumPathLength) characters without control characters"
        }
        if let path, !CheckoutPath.staysInside(path) {
            return "path must be absent or relative to the checkout, without '..'"
        }
        if let line, !Self.lineRange.contains(line) {
            return "line must be absent or from 1 to \(Self.lineRange.upperBound)"
        }
        if let suppression, FindingSuppression(rawValue: suppression) == nil {
            let names = FindingSuppression.allCases.map(\.rawValue).joined(separator: " or ")
            return "suppression must be absent or \(names), not '\(suppression.prefix(64))'"
        }
        if fingerprint.utf8.count != 64 || !fingerprint.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
            return "fingerprint must be 64 lowercase hex digits"
        }
        return nil
    }

    /// The lines a finding may name: 1-based, and small enough for every git host's
    /// annotations (GitHub refuses a line past 32 bits).
    public static let lineRange = 1...Int(Int32.max)

    /// The finding made to pass ``problem``'s checks where it can: control characters (NUL
    /// included) become spaces, over-long text is cut (ending in `…`), an empty tool or rule
    /// becomes `unknown`; an empty path, or one that leaves the checkout (absolute, or `..`),
    /// is dropped, and so is a line outside ``lineRange``: the finding is kept without them. The
    /// fingerprint is left alone (it was made from what the report said).
    public func fitted() -> StoredFinding {
        func fit(_ text: String, _ limit: Int, lineBreaks: Bool) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                let allowed = lineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t")
                scalars.append(scalar.properties.generalCategory == .control && !allowed ? " " : scalar)
            }
            let clean = String(scalars)
            return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
        }
        let name = JobFindings.maximumNameLength
        return StoredFinding(
            tool: tool.isEmpty ? "unknown" : fit(tool, name, lineBreaks: false),
            ruleID: ruleID.isEmpty ? "unknown" : fit(ruleID, name, lineBreaks: false),
            level: level,
            message: fit(message, JobFindings.maximumMessageLength, lineBreaks: true),
            path: path.flatMap { CheckoutPath.staysInside($0) ? fit($0, JobFindings.maximumPathLength, lineBreaks: false) : nil },
            line: line.flatMap { Self.lineRange.contains($0) ? $0 : nil },
            fingerprint: fingerprint, suppression: suppression)
    }
}
