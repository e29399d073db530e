import Foundation

/// Counts distinct compiler errors and warnings. Build tools print the same diagnostic more
/// than once (per architecture, again in a closing summary), so each distinct line counts once.
struct DiagnosticCounter: Sendable {
    private var errors: Set<String> = []
    private var warnings: Set<String> = []
    private var orderedErrors: [String] = []

    /// Records an error line.
    mutating func error(_ text: String) {
        if errors.insert(text).inserted, orderedErrors.count < ParseResult.maxErrorMessages {
            orderedErrors.append(text)
        }
    }

    /// Records a warning line.
    mutating func warning(_ text: String) {
        warnings.insert(text)
    }

    /// Writes the counts and the first messages into `result`.
    func apply(to result: inout ParseResult) {
        result.errorCount += errors.count
        result.warningCount += warnings.count
        for message in orderedErrors { result.keepErrorMessage(message) }
    }
}
