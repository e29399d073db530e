import MemberwiseInit

/// Where a pull request's code left its target branch, as the agent's checkout saw it: the
/// commit `git merge-base origin/TARGET HEAD` names, and its first-parent ancestors.
///
/// A pull request's findings are compared with the build of this commit, not with the target
/// branch's newest build: the branch may have moved on since the pull request was opened, and
/// what others changed meanwhile would show as "new" and "fixed" (GitLab moved its merge
/// request widget to the merge base for the same reason). When the merge base itself was never
/// built, the nearest built commit among its first parents is the target branch's newest build
/// at or before it; the server cannot tell ancestry without a checkout, so the agent sends it.
@MemberwiseInit(.public)
public struct MergeBase: Codable, Sendable, Equatable {
    /// The most first-parent ancestors an agent sends, the merge base included.
    public static let firstParentLimit = 200

    /// The merge base's full commit id.
    public var commit: String
    /// The merge base and its first-parent ancestors, newest first (`git rev-list
    /// --first-parent`), at most ``firstParentLimit``.
    public var firstParents: [String]

    /// Why the server cannot use it, or nil: every commit a full hexadecimal id (40 characters
    /// for SHA-1, 64 for SHA-256 repositories), at most ``firstParentLimit`` of them, starting
    /// with the merge base itself.
    public var problem: String? {
        guard Self.isCommitID(commit) else { return "mergeBase.commit must be a full commit id (40 or 64 hexadecimal digits)" }
        guard firstParents.count <= Self.firstParentLimit else {
            return "mergeBase.firstParents may hold at most \(Self.firstParentLimit) commits, not \(firstParents.count)"
        }
        guard firstParents.first == commit else { return "mergeBase.firstParents must start with the merge base itself" }
        if let index = firstParents.firstIndex(where: { !Self.isCommitID($0) }) {
            return "mergeBase.firstParents[\(index)] must be a full commit id (40 or 64 hexadecimal digits)"
        }
        return nil
    }

    /// Whether `text` is a full lowercase hexadecimal commit id, as git prints one.
    public static func isCommitID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
