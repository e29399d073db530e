import Foundation

/// Reads the files changed between two revisions with git, in the project folder.
public struct GitChangeReader: Sendable {
    private let runner: CommandRunner

    /// A reader running the `git` found on PATH (or on `searchPath` when given);
    /// `cancellation` kills a running git when the analysis is stopped.
    public init(searchPath: String? = nil, cancellation: Cancellation? = nil) {
        self.runner = CommandRunner(searchPath: searchPath, cancellation: cancellation)
    }

    /// The changes `head` makes since it left `base`, relative to `projectDirectory` (which may
    /// be a sub-folder of the repository: changes outside it are left out).
    ///
    /// Runs `git diff --name-status -z -M --relative base...head`: the three dots diff from the
    /// merge base, as a pull request does, so commits that landed on `base` meanwhile are not
    /// counted as the change's. `-M` pairs renames so both paths count, `-z` keeps paths with
    /// spaces or quotes byte-exact. A relative `projectDirectory` is taken from the current folder.
    public func changes(in projectDirectory: String, base: String, head: String) throws(ImpactError) -> ChangeSet {
        for revision in [base, head] where revision.hasPrefix("-") || revision.contains("..") {
            throw .commandFailed(command: "git diff", status: -1, stderr: "revision '\(revision)' must not start with '-' or contain '..'")
        }
        let folder = URL(fileURLWithPath: projectDirectory).standardizedFileURL.path
        let output = try runner.run(
            "git",
            ["-C", folder, "diff", "--name-status", "-z", "-M", "--relative", "\(base)...\(head)", "--"],
            in: folder
        )
        return try ChangeSet.parse(nameStatusZ: output)
    }
}
