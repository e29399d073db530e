import Foundation

// MARK: - PullRequestReference

/// Finds pull request numbers in commit subjects.
public enum PullRequestReference {
    /// The number in a merge commit's `Merge pull request #123 from owner/branch`.
    public static func merge(_ subject: String) -> Int? {
        let prefix = "Merge pull request #"
        guard subject.hasPrefix(prefix) else { return nil }
        let digits = subject.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    /// The number and the rest of a squash merge's `Subject (#123)`.
    public static func squash(_ subject: String) -> (number: Int, title: String)? {
        let trimmed = subject.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.range(of: " (#", options: .backwards) else { return nil }
        let digits = trimmed[open.upperBound..<trimmed.index(before: trimmed.endIndex)]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
        return (number, String(trimmed[..<open.lowerBound]))
    }
}
