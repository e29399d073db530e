import ChildProcesses
import Foundation

// MARK: - GitRemoteBranches

/// Asks a git remote where one of its branches points, with `git ls-remote`: how the train
/// sees a release branch someone pushed by hand, with no git host API token.
///
/// Nothing is cloned or fetched. Git never prompts (a remote that wants credentials the
/// server does not have is an error, not a hang), only the plain transports are allowed (a
/// local path or `file://`, `http(s)`, `ssh`, `git`: never `ext::` or another helper a
/// repository URL could name), and an HTTP transfer that stalls for 30 seconds is given up.
public struct GitRemoteBranches: Sendable {
    /// The git executable; `/usr/bin/env` finds `git` on `PATH` by default.
    public let executable: URL

    /// Creates a reader running `git` through `executable`.
    public init(executable: URL = URL(fileURLWithPath: "/usr/bin/env")) {
        self.executable = executable
    }

    /// The commit `branch` points at in the repository at `url` (a clone URL or a local
    /// path), or nil when the remote has no such branch.
    /// - Throws: ``GitLogError`` when the remote cannot be read.
    public func head(of branch: String, at url: String) async throws(GitLogError) -> String? {
        guard GitCommitLog.isSafeRef(branch), !url.isEmpty, !url.hasPrefix("-") else {
            throw GitLogError(message: "'\(branch)' at '\(url)' cannot be looked up with git")
        }
        let ref = "refs/heads/\(branch)"
        let environment = [
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_HTTP_LOW_SPEED_LIMIT": "1", "GIT_HTTP_LOW_SPEED_TIME": "30",
            "GIT_SSH_COMMAND": ProcessInfo.processInfo.environment["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes -o ConnectTimeout=30",
        ]
        let output: CommandOutput
        do {
            // Run outside any repository: git would otherwise read the one around the server's
            // working directory, and fail when that one is broken.
            let neutral = FileManager.default.temporaryDirectory.path
            output = try await Command.run(.command(executable.path, ["git"] + Self.transports + ["ls-remote", "--heads", "--", url, ref], in: neutral, environment: environment))
        } catch {
            throw GitLogError(message: "cannot run git ls-remote: \(error.description)")
        }
        guard output.status.isSuccess else {
            throw GitLogError(message: "git ls-remote \(url) failed (\(output.status)): \(output.errorText.prefix(300))")
        }
        // The pattern matches by its tail, so `refs/heads/x/refs/heads/<branch>` would match
        // too: only the exact ref counts.
        for line in output.text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if fields.count == 2, fields[1] == ref { return fields[0] }
        }
        return nil
    }

    /// `-c` options allowing only the plain transports.
    static let transports = ["-c", "protocol.allow=never"]
        + ["file", "http", "https", "ssh", "git"].flatMap { ["-c", "protocol.\($0).allow=always"] }
}
