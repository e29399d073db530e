import Foundation

/// Reads the files changed between two revisions with git, in the project folder.
public struct GitChangeReader: Sendable {
    private let runner: CommandRunner

    /// A reader running the `git` found on PATH (or on `searchPath` when given).
    public init(searchPath: String? = nil) {
        self.runner = CommandRunner(searchPath: searchPath)
    }

    /// The changes from `base` to `head`, relative to `projectDirectory` (which may be a
    /// sub-folder of the repository: changes outside it are left out).
    ///
    /// Runs `git diff --name-status -z -M --relative base head`: `-M` pairs renames so both
    /// paths count, `-z` keeps paths with spaces or quotes byte-exact.
    public func changes(in projectDirectory: String, base: String, head: String) throws(ImpactError) -> ChangeSet {
        for revision in [base, head] where revision.hasPrefix("-") {
            throw .commandFailed(command: "git diff", status: -1, stderr: "revision '\(revision)' must not start with '-'")
        }
        let output = try runner.run(
            "git",
            ["-C", projectDirectory, "diff", "--name-status", "-z", "-M", "--relative", base, head, "--"],
            in: projectDirectory
        )
        return try ChangeSet.parse(nameStatusZ: output)
    }
}
