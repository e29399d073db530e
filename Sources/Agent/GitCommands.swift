import ChildProcesses
import Core
import Foundation

// MARK: - GitCommands

/// The git invocations behind ``GitWorkspace``, run through the job's process runner with
/// `/usr/bin/env git` (so `PATH` finds git) and prompts disabled (a clone that needs
/// credentials fails instead of hanging).
struct GitCommands: Sendable {
    /// The environment git runs with.
    let environment: [String: String]
    /// Runs one process as part of the job.
    let run: GitWorkspace.Run

    init(environment: [String: String], run: @escaping GitWorkspace.Run) {
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/true"
        self.environment = environment
        self.run = run
    }

    // MARK: Running

    /// Runs `git arguments…` and throws if it fails.
    func run(_ arguments: [String], step: String) async throws(CheckoutError) {
        let status = try await self.status(arguments)
        guard status.isSuccess else { throw .gitFailed(step: step, status: status) }
    }

    /// Runs `git arguments…` and answers its exit status.
    func status(_ arguments: [String]) async throws(CheckoutError) -> ExitStatus {
        let launch = ProcessLaunch(
            executable: "/usr/bin/env", arguments: ["git"] + arguments,
            environment: self.environment, workingDirectory: "/"
        )
        do { return try await self.run(launch) } catch { throw .spawn(error) }
    }

    // MARK: Mirror

    /// Makes sure the mirror at `mirror` exists and contains `commit`: clones it the first
    /// time (into a temporary name, so a failed clone leaves no half mirror), fetches later.
    func updateMirror(at mirror: String, from cloneURL: String, wanting commit: String) async throws(CheckoutError) {
        guard !cloneURL.isEmpty, !cloneURL.hasPrefix("-") else { throw .invalidCloneURL(cloneURL) }
        let cloneURL = Self.absolute(cloneURL)
        let manager = FileManager.default
        if !manager.fileExists(atPath: mirror + "/HEAD") {
            try GitWorkspace.removeItem(mirror)
            let parent = (mirror as NSString).deletingLastPathComponent
            let temporary = mirror + ".partial-\(UInt32.random(in: 0...UInt32.max))"
            do { try manager.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                throw .filesystem("could not create \(parent): \(error.localizedDescription)")
            }
            do {
                try await self.run(["clone", "--mirror", "--quiet", "--", cloneURL, temporary], step: "clone --mirror")
            } catch {
                try? manager.removeItem(atPath: temporary)
                throw error
            }
            do { try manager.moveItem(atPath: temporary, toPath: mirror) } catch {
                try? manager.removeItem(atPath: temporary)
                throw .filesystem("could not move the new mirror into place: \(error.localizedDescription)")
            }
        }
        // A branch or tag name moves, so only a full object name already present is final.
        if CommitReference.isObjectName(commit), try await self.hasCommit(commit, in: mirror) { return }
        try await self.run(["--git-dir=\(mirror)", "remote", "set-url", "origin", cloneURL], step: "remote set-url")
        try await self.run(["--git-dir=\(mirror)", "fetch", "--prune", "--quiet", "origin"], step: "fetch")
        if try await self.hasCommit(commit, in: mirror) { return }
        // A commit no branch or tag reaches (a pull request head, say): ask for it by name.
        _ = try await self.status(["--git-dir=\(mirror)", "fetch", "--quiet", "origin", commit])
        if try await !self.hasCommit(commit, in: mirror) { throw .commitNotFound(commit) }
    }

    /// A relative local path made absolute (git runs in `/`); URLs and `host:path` unchanged.
    static func absolute(_ cloneURL: String) -> String {
        guard !cloneURL.hasPrefix("/"), !cloneURL.contains(":") else { return cloneURL }
        return FileManager.default.currentDirectoryPath + "/" + cloneURL
    }

    /// Whether `commit` names a commit object in `mirror`.
    func hasCommit(_ commit: String, in mirror: String) async throws(CheckoutError) -> Bool {
        try await self.status(["--git-dir=\(mirror)", "cat-file", "-e", "\(commit)^{commit}"]).isSuccess
    }
}

// MARK: - CheckoutError

/// Why a workspace could not be checked out; the job fails with this message in its log.
public enum CheckoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The commit name is empty, too long, or looks like an option.
    case invalidCommit(String)
    /// The clone URL is empty or looks like an option.
    case invalidCloneURL(String)
    /// A git step exited non-zero.
    case gitFailed(step: String, status: ExitStatus)
    /// The commit is in neither the mirror nor the remote.
    case commitNotFound(String)
    /// git could not be started.
    case spawn(ProcessGroupError)
    /// A file operation failed.
    case filesystem(String)

    /// One line for the job log.
    public var description: String {
        switch self {
        case .invalidCommit(let commit): "invalid commit \(commit.debugDescription)"
        case .invalidCloneURL(let url): "invalid clone URL \(url.debugDescription)"
        case .gitFailed(let step, let status): "git \(step) failed (\(status))"
        case .commitNotFound(let commit): "commit \(commit) not found in the repository"
        case .spawn(let error): error.description
        case .filesystem(let message): message
        }
    }

    /// The exit status to report for this failure, when a git process produced one.
    public var exitStatus: Int32? {
        if case .gitFailed(_, let status) = self { return status.code }
        return nil
    }
}
