import Foundation

/// Rules for the git values a request may carry (clone URLs, branches, commits, revisions),
/// checked where they enter so git never sees a hostile one.
///
/// Git reads an argument starting with `-` as an option (`--upload-pack=…` runs a command),
/// and a URL of the form `transport::address` runs the remote helper `git-remote-<transport>`:
/// `ext::sh -c …` runs any shell command. Neither is ever needed for a real repository, so
/// both are refused at input rather than left to each place that later runs git.
public enum GitInput {
    /// Longest revision, branch or commit accepted (git's own ref names stay far below it).
    public static let maxRevisionLength = 255

    /// Why `url` cannot be a clone URL, or nil when it can.
    public static func cloneURLProblem(_ url: String) -> String? {
        if url.isEmpty { return "must not be empty" }
        if url.hasPrefix("-") { return "must not start with '-'" }
        if hasControlOrSpace(url) { return "must not contain spaces or control characters" }
        if usesRemoteHelper(url) {
            return "must be an https, ssh, git or file URL (or user@host:path); 'transport::address' remote helpers such as ext:: are not accepted"
        }
        return nil
    }

    /// Why `value` cannot be a branch, commit or revision, or nil when it can.
    public static func revisionProblem(_ value: String) -> String? {
        if value.isEmpty { return "must not be empty" }
        if value.utf8.count > maxRevisionLength { return "must be at most \(maxRevisionLength) bytes" }
        if value.hasPrefix("-") { return "must not start with '-'" }
        if hasControlOrSpace(value) { return "must not contain spaces or control characters" }
        if usesRemoteHelper(value) { return "must be a branch, tag or commit, not a 'transport::address' URL" }
        return nil
    }

    // MARK: Rules

    /// `ext::…`, `fd::…` and any other `<transport>::<address>`: a scheme-like word followed
    /// by `::` before any `/` or `:`-separated host part.
    private static func usesRemoteHelper(_ text: String) -> Bool {
        guard let range = text.range(of: "::") else { return false }
        let transport = text[..<range.lowerBound]
        return transport.isEmpty || transport.allSatisfy { $0.isLetter || $0.isNumber || "+-._".contains($0) }
    }

    private static func hasControlOrSpace(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }
}
