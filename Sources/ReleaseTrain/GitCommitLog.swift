import ChildProcesses
import Foundation
import MemberwiseInit

// MARK: - GitCommit

/// One commit as release notes need it.
@MemberwiseInit(.public)
public struct GitCommit: Sendable, Hashable, Codable {
    /// The full hash.
    public var sha: String
    /// The first line of the message.
    public var subject: String
    /// The author's name.
    public var author: String
    /// The rest of the message (a merge commit's PR title is its first line).
    public var body: String = ""
}

// MARK: - GitCommitLog

/// Runs `git log` in a local clone to list the commits of a release.
public struct GitCommitLog: Sendable {
    /// The clone's directory.
    public let repository: URL
    /// The git executable; `/usr/bin/env` finds `git` on `PATH` by default.
    public let executable: URL

    /// Creates a log reader for the clone at `repository`.
    public init(repository: URL, executable: URL = URL(fileURLWithPath: "/usr/bin/env")) {
        self.repository = repository
        self.executable = executable
    }

    /// Commits in `previousTag..head` (all of `head`'s history without a previous tag),
    /// newest first, following first parents only so a merged pull request appears once, as
    /// its merge commit.
    public func commits(since previousTag: String?, until head: String = "HEAD") async throws(GitLogError) -> [GitCommit] {
        for ref in [previousTag, head].compactMap({ $0 }) where !Self.isSafeRef(ref) {
            throw GitLogError(message: "'\(ref)' is not a valid git revision")
        }
        let range = previousTag.map { "\($0)..\(head)" } ?? head
        // Unit and record separators cannot appear in commit metadata typed by people.
        let arguments = ["git", "log", "--first-parent", "--format=%H%x1f%an%x1f%s%x1f%b%x1e", range, "--"]
        let output = try await run(arguments)
        return output.split(separator: "\u{1e}").compactMap { record in
            let fields = record.trimmingCharacters(in: .newlines).split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { return nil }
            return GitCommit(sha: fields[0], subject: fields[2], author: fields[1], body: fields.count > 3 ? fields[3] : "")
        }
    }

    /// Refs that cannot be read as options or ranges.
    static func isSafeRef(_ ref: String) -> Bool {
        !ref.isEmpty && !ref.hasPrefix("-") && !ref.contains("..") && !ref.contains(where: { $0.isWhitespace || $0.isNewline })
    }

    // MARK: Process

    /// Runs the command in the clone and returns its standard output; a non-zero exit is an
    /// error carrying git's message. Waiting happens off the cooperative pool.
    private func run(_ arguments: [String]) async throws(GitLogError) -> String {
        let output: CommandOutput
        do {
            output = try await Command.run(.command(executable.path, arguments, in: repository.path))
        } catch {
            throw GitLogError(message: "cannot run git in \(repository.path): \(error.description)")
        }
        guard output.status.isSuccess else {
            throw GitLogError(message: "git log failed (\(output.status)): \(output.errorText)")
        }
        return output.text
    }
}

// MARK: - GitLogError

/// Why git could not answer: the commits not listed, a remote not read.
public struct GitLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with git's own message.
    public var message: String

    /// The message.
    public var description: String { message }
}
