/// What a pushed ref names, decided from its spelling alone.
///
/// Push payloads carry full refs (`refs/heads/main`, `refs/tags/v1.2`). GitHub's
/// `create`/`delete` events carry short ones (`main`, `v1.2`) with a separate `ref_type`;
/// those are never read as pushes, so a short ref here names neither a branch nor a tag
/// and triggers nothing rather than guessing.
enum GitRef: Sendable, Equatable {
    /// `refs/heads/<name>`.
    case branch(String)
    /// `refs/tags/<name>`.
    case tag(String)
    /// Anything else: `refs/notes/…`, `refs/pull/…`, a short ref, an empty string.
    case other

    // MARK: Parsing

    /// Classifies a full ref name.
    init(_ ref: String) {
        let branchPrefix = "refs/heads/"
        let tagPrefix = "refs/tags/"
        if ref.hasPrefix(branchPrefix), ref.count > branchPrefix.count {
            self = .branch(String(ref.dropFirst(branchPrefix.count)))
        } else if ref.hasPrefix(tagPrefix), ref.count > tagPrefix.count {
            self = .tag(String(ref.dropFirst(tagPrefix.count)))
        } else {
            self = .other
        }
    }

    /// The branch name, when this is a branch.
    var branch: String? {
        if case .branch(let name) = self { return name }
        return nil
    }

    /// The tag name, when this is a tag.
    var tag: String? {
        if case .tag(let name) = self { return name }
        return nil
    }

    // MARK: Commit ids

    /// Whether a commit id means "no commit": absent, empty, or all zeros.
    ///
    /// Git uses forty zeros (sixty-four with SHA-256 repositories) for the missing side of
    /// a created or deleted ref; GitLab sometimes sends `null` instead.
    static func isZeroOrMissing(_ sha: String?) -> Bool {
        guard let sha, !sha.isEmpty else { return true }
        return sha.allSatisfy { $0 == "0" }
    }
}
