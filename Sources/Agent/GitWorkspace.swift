import ChildProcesses
import Core
import Foundation

// MARK: - GitWorkspace

/// Checks repositories out into job workspaces through a cache of bare mirrors:
/// `<mirrors>/<sanitised name>.git` is made with `git clone --mirror` the first time and
/// updated with `git fetch` only when the wanted commit is missing; each workspace is then
/// a `git clone --shared` of the mirror (objects borrowed, nothing copied) at that commit.
///
/// One actor per agent: jobs on different slots that use the same repository take turns on
/// its mirror, while the workspace clone and checkout run side by side.
public actor GitWorkspace {
    /// Runs one git invocation as part of a job (so its output lands in the job's log and a
    /// cancel kills it) and answers its exit status.
    public typealias Run = @Sendable (ProcessLaunch) async throws(ProcessGroupError) -> ExitStatus

    /// Where the mirrors live.
    public let mirrorsDirectory: String
    private var busyMirrors: Set<String> = []
    private var mirrorWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Creates a workspace manager keeping mirrors in `mirrorsDirectory`.
    public init(mirrorsDirectory: String) {
        self.mirrorsDirectory = mirrorsDirectory
    }

    // MARK: Checkout

    /// Makes `workspace` a checkout of `target.commitSHA` (replacing whatever was there): a
    /// full object name, or a branch or tag name checked out at its current tip.
    public func checkout(
        _ target: CheckoutTarget, into workspace: String, environment: [String: String], run: @escaping Run
    ) async throws(CheckoutError) {
        try Self.validate(commit: target.commitSHA)
        let mirror = self.mirrorPath(for: target.name)
        let git = GitCommands(environment: environment, run: run)

        await self.lock(mirror)
        do throws(CheckoutError) {
            try await git.updateMirror(at: mirror, from: target.cloneURL, wanting: target.commitSHA)
        } catch {
            self.unlock(mirror)
            throw error
        }
        self.unlock(mirror)

        try Self.removeItem(workspace)
        try await git.run(["clone", "--shared", "--no-checkout", "--quiet", "--", mirror, workspace], step: "clone")
        if CommitReference.isObjectName(target.commitSHA) {
            try await git.run(["-C", workspace, "checkout", "--detach", "--quiet", target.commitSHA], step: "checkout")
        } else {
            // A branch, tag or `HEAD` (manual and scheduled builds): its tip in the mirror,
            // which was just fetched. The clone only has the mirror's default branch locally.
            try await git.run(["-C", workspace, "fetch", "--quiet", "origin", target.commitSHA], step: "fetch \(target.commitSHA)")
            try await git.run(["-C", workspace, "checkout", "--detach", "--quiet", "FETCH_HEAD"], step: "checkout")
        }
    }

    /// The commit a detached checkout in `workspace` holds, read from `.git/HEAD` (no process
    /// to spawn); nil when HEAD is not a detached object name.
    public static func headCommit(of workspace: String) -> String? {
        guard let data = FileManager.default.contents(atPath: workspace + "/.git/HEAD") else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return CommitReference.isObjectName(text) ? text : nil
    }

    /// `<mirrors>/<sanitised name>.git`.
    public func mirrorPath(for repositoryName: String) -> String {
        self.mirrorsDirectory + "/" + Repository.folderName(for: repositoryName) + ".git"
    }

    // MARK: Names

    /// Rejects commit names git could read as options or that cannot be one revision: the
    /// server's input rules (`GitInput`), checked again here because the agent runs git, and
    /// no `:` (a fetch refspec separator).
    static func validate(commit: String) throws(CheckoutError) {
        if GitInput.revisionProblem(commit) != nil || commit.contains(":") { throw .invalidCommit(commit) }
    }

    // MARK: Mirror lock

    private func lock(_ mirror: String) async {
        guard self.busyMirrors.contains(mirror) else {
            self.busyMirrors.insert(mirror)
            return
        }
        await withCheckedContinuation { self.mirrorWaiters[mirror, default: []].append($0) }
    }

    /// Hands the mirror to the next waiter (it stays busy) or frees it.
    private func unlock(_ mirror: String) {
        if var waiters = self.mirrorWaiters[mirror], !waiters.isEmpty {
            let next = waiters.removeFirst()
            self.mirrorWaiters[mirror] = waiters
            next.resume()
        } else {
            self.busyMirrors.remove(mirror)
        }
    }

    // MARK: Files

    /// Removes `path` if it exists.
    static func removeItem(_ path: String) throws(CheckoutError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw .filesystem("could not remove \(path): \(error.localizedDescription)")
        }
    }
}
