import Core
import Store

/// The build a build's findings are compared with, and why, in words a reader of the
/// comparison understands.
///
/// A pull request is compared with the build of its merge base: the code it started from.
/// When that commit was never built, the nearest built commit among the merge base's first
/// parents (the target branch's newest build at or before it); when no agent reported the
/// merge base, the build of the base commit the git host reported. Only when neither is known
/// or built is it the target branch's newest build, which may hold changes the pull request has
/// not seen, and the explanation says so.
struct FindingsBaseline: Sendable, Equatable {
    /// Why this build was taken.
    enum Reason: String, Sendable {
        /// The build of the pull request's merge base.
        case mergeBase = "merge_base"
        /// The merge base was never built; the build of its nearest built first parent.
        case mergeBaseAncestor = "merge_base_ancestor"
        /// No merge base was reported; the build of the base commit the git host reported.
        case hostBase = "host_base"
        /// Neither is known or built: the target branch's newest build before this one.
        case targetBranchLatest = "target_branch_latest"
        /// Not a pull request: the branch's newest earlier build.
        case previousBuild = "previous_build"
    }

    /// The baseline build.
    var buildID: Int64
    /// Its branch.
    var branch: String
    /// Its commit, when the choice was made by commit.
    var commit: String?
    /// Why it was taken.
    var reason: Reason
    /// The same, in words.
    var explanation: String

    /// The build nearest the merge base among `candidates` (builds at its first parents,
    /// newest first): the merge base's own newest build, else that of the first parent
    /// closest to it. Nil when none of them was built.
    static func nearest(to mergeBase: MergeBase, among candidates: [BuildAtCommit], targetBranch: String) -> FindingsBaseline? {
        let positions = Dictionary(mergeBase.firstParents.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // `candidates` is newest first, so the first at the smallest position is that commit's newest build.
        var best: (build: BuildAtCommit, position: Int)?
        for candidate in candidates {
            guard let position = positions[candidate.commitSHA] else { continue }
            if position < best?.position ?? .max { best = (candidate, position) }
        }
        guard let (build, position) = best else { return nil }
        let branch = build.branch ?? targetBranch
        if position == 0 {
            return FindingsBaseline(
                buildID: build.buildID, branch: branch, commit: build.commitSHA, reason: .mergeBase,
                explanation: "the build of the merge base \(short(mergeBase.commit))")
        }
        let commits = position == 1 ? "1 commit" : "\(position) commits"
        return FindingsBaseline(
            buildID: build.buildID, branch: branch, commit: build.commitSHA, reason: .mergeBaseAncestor,
            explanation: "the merge base \(short(mergeBase.commit)) was never built with findings; \(short(build.commitSHA)), "
                + "\(commits) before it on \(targetBranch), is the newest built commit at or before it")
    }

    /// The build of the base commit the git host reported, when there is one.
    static func atHostBase(_ commit: String, among candidates: [BuildAtCommit], targetBranch: String) -> FindingsBaseline? {
        guard let build = candidates.first(where: { $0.commitSHA == commit }) else { return nil }
        return FindingsBaseline(
            buildID: build.buildID, branch: build.branch ?? targetBranch, commit: commit, reason: .hostBase,
            explanation: "no agent reported the merge base; the build of \(short(commit)), the \(targetBranch) commit the git host reported with the pull request")
    }

    /// The branch's newest earlier build, for a pull request with why nothing better was found.
    static func latest(_ buildID: Int64, target: FindingsTarget, becauseOf missing: String?) -> FindingsBaseline {
        guard target.isPullRequest else {
            return FindingsBaseline(
                buildID: buildID, branch: target.branch, commit: nil, reason: .previousBuild,
                explanation: "the newest earlier build of \(target.branch) with findings")
        }
        return FindingsBaseline(
            buildID: buildID, branch: target.branch, commit: nil, reason: .targetBranchLatest,
            explanation: "\(missing ?? "the merge base is not known"), so the newest build of \(target.branch) before this one, "
                + "which may hold changes the pull request has not seen")
    }

    /// The first eight characters of a commit id, as people quote them.
    static func short(_ commit: String) -> String {
        String(commit.prefix(8))
    }
}
