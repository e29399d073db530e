import Foundation

/// Counts distinct compiler errors and warnings. Build tools print the same diagnostic more
/// than once (per architecture, again in a closing summary), so each distinct line counts once.
///
/// Lines are told apart by a 64-bit hash of their bytes rather than kept as Strings: a log can
/// hold a hundred thousand warnings, and hashing bytes is far cheaper than building Strings.
/// (A collision would under-count by one; at 64 bits it does not happen in practice.)
struct DiagnosticCounter: Sendable {
    private var errors: Set<Int> = []
    private var warnings: Set<Int> = []
    private var orderedErrors: [String] = []

    /// Records an error line.
    mutating func error(_ line: UnsafeRawBufferPointer) {
        if errors.insert(Self.hash(line)).inserted, orderedErrors.count < ParseResult.maxErrorMessages {
            orderedErrors.append(String(decoding: line, as: UTF8.self))
        }
    }

    /// Records a warning line.
    mutating func warning(_ line: UnsafeRawBufferPointer) {
        warnings.insert(Self.hash(line))
    }

    /// Writes the counts and the first messages into `result`.
    func apply(to result: inout ParseResult) {
        result.errorCount += errors.count
        result.warningCount += warnings.count
        for message in orderedErrors { result.keepErrorMessage(message) }
    }

    private static func hash(_ line: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: line)
        return hasher.finalize()
    }
}
