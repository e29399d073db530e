// MARK: - What the findings route accepts, stated once for both sides

extension JobFindings {
    /// What is wrong with `source`, or nil: a path relative to the checkout, without `..`,
    /// 1 to ``maximumSourceLength`` characters, no control characters.
    public static func sourceProblem(_ source: String) -> String? {
        if source.isEmpty || source.count > maximumSourceLength || hasControlCharacters(source, allowingLineBreaks: false) {
            return "source must be 1 to \(maximumSourceLength) characters without control characters"
        }
        if !CheckoutPath.staysInside(source) {
            return "source must be the report's path relative to the checkout, without '..'"
        }
        return nil
    }

    /// Whether `text` holds a control character (tabs and line breaks allowed when asked).
    static func hasControlCharacters(_ text: String, allowingLineBreaks: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control && !(allowingLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t"))
        }
    }
}

extension StoredFinding {
    /// What is wrong with the finding's text, line or fingerprint, or nil. (Its level is the
    /// server's to check against the `Findings` module's levels.)
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
        if let line, !(1...Int(Int32.max)).contains(line) {
            return "line must be absent or from 1 to \(Int32.max)"
        }
        if fingerprint.utf8.count != 64 || !fingerprint.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
            return "fingerprint must be 64 lowercase hex digits"
        }
        return nil
    }

    /// The finding made to pass ``problem``'s checks where it can: control characters become
    /// spaces, over-long text is cut (ending in `…`), an empty tool or rule becomes `unknown`,
    /// an empty path absent, a line outside the range absent. The fingerprint is left alone.
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
            path: path.flatMap { $0.isEmpty ? nil : fit($0, JobFindings.maximumPathLength, lineBreaks: false) },
            line: line.flatMap { (1...Int(Int32.max)).contains($0) ? $0 : nil },
            fingerprint: fingerprint)
    }
}
