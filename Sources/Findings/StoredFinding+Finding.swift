import Core

// MARK: - Findings as MobileOps keeps them

extension StoredFinding {
    /// `finding` as the store keeps it and agents send it: without column, end line or note,
    /// which comparisons, annotations and trends do not use; no path or line when it has none.
    public init(_ finding: Finding) {
        self.init(
            tool: finding.tool, ruleID: finding.ruleID, level: finding.level.rawValue, message: finding.message,
            path: finding.path.isEmpty ? nil : finding.path, line: finding.startLine > 0 ? finding.startLine : nil,
            fingerprint: finding.fingerprint, suppression: finding.suppression?.rawValue)
    }
}

extension Finding {
    /// A kept finding as ``FindingsComparison`` takes it. The store and the agent route accept
    /// only known levels and suppressions; anything else would count as a warning, unsuppressed.
    public init(_ stored: StoredFinding) {
        self.init(
            tool: stored.tool, ruleID: stored.ruleID, level: FindingLevel(rawValue: stored.level) ?? .warning, message: stored.message,
            path: stored.path ?? "", startLine: stored.line ?? 0, fingerprint: stored.fingerprint,
            suppression: stored.suppression.flatMap(FindingSuppression.init(rawValue:)))
    }
}
