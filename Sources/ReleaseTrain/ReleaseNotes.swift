import Foundation

// MARK: - ReleaseNotes

/// Release notes from the commits since the previous release: merged pull requests and
/// commits grouped by kind, as Markdown.
///
/// A merge commit (`Merge pull request #123 from acme/feature`) stands for its pull request,
/// titled by the first line of its body; a squash merge (`Add login (#123)`) carries the number
/// in its subject. Conventional-commit prefixes (`feat:`, `fix(ui):` …) choose the group and are
/// dropped from the line; `Merge branch …` commits are noise and left out.
public struct ReleaseNotes: Sendable, Hashable {
    /// One change in the notes.
    public struct Entry: Sendable, Hashable {
        /// The line's text, without prefix or PR suffix.
        public var title: String
        /// The pull request number, when the change came through one.
        public var pullRequest: Int?
        /// Who made the change.
        public var author: String
        /// The commit.
        public var sha: String
    }

    /// A section of the notes.
    public enum Group: String, Sendable, Hashable, CaseIterable {
        /// `feat`.
        case features = "Features"
        /// `fix`.
        case fixes = "Fixes"
        /// `perf`.
        case performance = "Performance"
        /// Everything else.
        case other = "Other changes"
    }

    /// The entries by group, oldest first within a group.
    public private(set) var groups: [Group: [Entry]] = [:]

    /// Builds notes from commits in `git log` order (newest first).
    public init(commits: [GitCommit]) {
        for commit in commits.reversed() {
            guard let (group, entry) = Self.entry(for: commit) else { continue }
            groups[group, default: []].append(entry)
        }
    }

    /// Every pull request number mentioned, in order of appearance.
    public var pullRequests: [Int] {
        Group.allCases.flatMap { groups[$0] ?? [] }.compactMap(\.pullRequest)
    }

    /// `## 2.5.0` then `### Features` … with `- Title (#123) — author` lines; `_No changes._`
    /// when there is nothing.
    public func markdown(version: String) -> String {
        var lines = ["## \(version)"]
        for group in Group.allCases {
            guard let entries = groups[group], !entries.isEmpty else { continue }
            lines.append("")
            lines.append("### \(group.rawValue)")
            for entry in entries {
                let reference = entry.pullRequest.map { " (#\($0))" } ?? " (\(entry.sha.prefix(7)))"
                lines.append("- \(entry.title)\(reference) — \(entry.author)")
            }
        }
        if lines.count == 1 { lines += ["", "_No changes._"] }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Parsing

    /// The group and entry for a commit, or `nil` for noise.
    static func entry(for commit: GitCommit) -> (Group, Entry)? {
        var title = commit.subject
        var number: Int?
        if let merged = PullRequestReference.merge(commit.subject) {
            number = merged
            title = commit.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? commit.subject
        } else if commit.subject.hasPrefix("Merge branch ") || commit.subject.hasPrefix("Merge remote-tracking branch ") {
            return nil
        } else if let (squashed, rest) = PullRequestReference.squash(commit.subject) {
            number = squashed
            title = rest
        }
        let (group, stripped) = conventional(title)
        return (group, Entry(title: stripped, pullRequest: number, author: commit.author, sha: commit.sha))
    }

    /// The group from a conventional-commit prefix, and the title without it.
    static func conventional(_ title: String) -> (Group, String) {
        guard let colon = title.firstIndex(of: ":") else { return (.other, title) }
        var type = title[..<colon].lowercased()
        if type.hasSuffix("!") { type.removeLast() }
        if let paren = type.firstIndex(of: "(") { type = String(type[..<paren]) }
        let group: Group? = switch type {
        case "feat", "feature": .features
        case "fix", "bugfix": .fixes
        case "perf": .performance
        case "chore", "docs", "refactor", "test", "build", "ci", "style", "revert": .other
        default: nil
        }
        guard let group else { return (.other, title) }
        let rest = title[title.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return (group, rest.isEmpty ? title : rest.prefix(1).uppercased() + rest.dropFirst())
    }
}

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
