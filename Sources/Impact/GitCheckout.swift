import Foundation

/// The git work impact analysis needs outside a developer's own clone: a mirror kept per
/// repository, a throwaway checkout of one revision, and the merge base a pull request is
/// compared with. Used by the server (`POST /api/v1/impact` with a repository) and the agent.
public struct GitCheckout: Sendable {
    private let runner: CommandRunner

    /// Runs the `git` found on PATH (or on `searchPath` when given); `cancellation` kills a
    /// running git when the analysis is stopped.
    public init(searchPath: String? = nil, cancellation: Cancellation? = nil) {
        self.runner = CommandRunner(searchPath: searchPath, cancellation: cancellation)
    }

    /// What stops this analysis: the project readers that follow a checkout stop with it.
    public var cancellation: Cancellation? { runner.cancellation }

    /// Makes `mirror` a mirror clone of `cloneURL` that knows the remote's latest refs.
    public func updateMirror(_ mirror: String, from cloneURL: String) throws(ImpactError) {
        try Self.refuseOption(cloneURL)
        if FileManager.default.fileExists(atPath: mirror + "/HEAD") {
            _ = try runner.run("git", ["--git-dir=\(mirror)", "fetch", "--prune", "--quiet", "origin"])
            return
        }
        let parent = (mirror as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw .unreadableFile(path: parent, reason: error.localizedDescription)
        }
        let partial = mirror + ".partial-\(UUID().uuidString)"
        do {
            _ = try runner.run("git", ["clone", "--mirror", "--quiet", "--", cloneURL, partial])
            try FileManager.default.moveItem(atPath: partial, toPath: mirror)
        } catch let error as ImpactError {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw .unreadableFile(path: mirror, reason: error.localizedDescription)
        }
    }

    /// Replaces `directory` with a detached checkout of `revision` (a commit, branch or tag
    /// of the mirror), sharing the mirror's objects instead of copying them.
    public func checkout(mirror: String, revision: String, into directory: String) throws(ImpactError) {
        try Self.refuseOption(revision)
        try? FileManager.default.removeItem(atPath: directory)
        _ = try runner.run("git", ["clone", "--shared", "--no-checkout", "--quiet", "--", mirror, directory])
        _ = try runner.run("git", ["-C", directory, "checkout", "--detach", "--quiet", revision, "--"])
    }

    /// The commit `revision` names in `mirror`: a commit id, a tag, any branch (`feature`, or
    /// `origin/feature` as a clone would spell it), or an expression such as `main~2`.
    /// Resolved in the mirror because a fresh clone of it knows only the default branch by
    /// its short name.
    public func commit(of revision: String, inMirror mirror: String) throws(ImpactError) -> String {
        try Self.refuseOption(revision)
        var candidates = [revision]
        if revision.hasPrefix("origin/") { candidates.append(String(revision.dropFirst("origin/".count))) }
        for candidate in candidates {
            if let output = try? runner.run("git", ["--git-dir=\(mirror)", "rev-parse", "--verify", "--quiet", candidate + "^{commit}"]) {
                let commit = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !commit.isEmpty { return commit }
            }
        }
        throw .unknownRevision(revision)
    }

    /// The commit a pull request's changes start from: the merge base of `base` and `head`.
    public func mergeBase(_ base: String, _ head: String, in directory: String) throws(ImpactError) -> String {
        try Self.refuseOption(base)
        try Self.refuseOption(head)
        let output = try runner.run("git", ["-C", directory, "merge-base", base, head])
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `commit` and its first-parent ancestors, newest first, at most `limit` of them (`git
    /// rev-list --first-parent`): on a target branch, the commits a build of it could be at.
    public func firstParents(of commit: String, limit: Int, in directory: String) throws(ImpactError) -> [String] {
        try Self.refuseOption(commit)
        let output = try runner.run("git", ["-C", directory, "rev-list", "--first-parent", "--max-count=\(max(limit, 1))", commit, "--"])
        return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }

    /// Whether `revision` names a commit in the repository at `directory`.
    public func hasRevision(_ revision: String, in directory: String) -> Bool {
        guard !revision.hasPrefix("-") else { return false }
        return (try? runner.run("git", ["-C", directory, "rev-parse", "--verify", "--quiet", revision + "^{commit}"])) != nil
    }

    /// The top folder of the git work tree holding `directory`, or nil outside one: where
    /// the CLI lets project readers look (a build may name files beside its project folder).
    public func workTree(containing directory: String) -> String? {
        guard let output = try? runner.run("git", ["-C", directory, "rev-parse", "--show-toplevel"]) else { return nil }
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }

    /// Git reads a leading `-` as an option; revisions and URLs never need one.
    private static func refuseOption(_ value: String) throws(ImpactError) {
        guard !value.isEmpty, !value.hasPrefix("-") else {
            throw .commandFailed(command: "git", status: -1, stderr: "'\(value)' is not a revision or URL")
        }
    }
}
