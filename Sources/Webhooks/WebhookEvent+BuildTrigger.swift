// MARK: - Deciding what builds

extension WebhookEvent {
    /// What to build for this event, or nil when nothing should build.
    ///
    /// - Push to a branch: builds the branch at `after`. Deleting it builds nothing.
    /// - Push of a tag: builds the tag at `after`. Deleting it builds nothing.
    /// - Pull request opened, reopened or with new commits: builds the source at `headSHA`.
    ///   Edits, labels, closes and merges build nothing; a merge builds through the push
    ///   to the target branch that follows it.
    /// - Ping and everything else: nothing.
    public var buildTrigger: BuildTrigger? {
        switch self {
        case .push(let push):
            return push.buildTrigger
        case .pullRequest(let pullRequest):
            return pullRequest.buildTrigger
        case .ping, .other:
            return nil
        }
    }
}

extension PushEvent {
    /// What to build for this push, or nil for a deletion or a ref that is neither branch nor tag.
    ///
    /// Builds the head commit when the payload names one, else `after`: for an annotated tag
    /// `after` is the tag object, while the head commit is the commit it points at, which is
    /// what commit statuses must be reported on.
    public var buildTrigger: BuildTrigger? {
        guard !isDeletion, !GitRef.isZeroOrMissing(after) else { return nil }
        let commitSHA = headCommit?.id ?? after
        if let branch {
            return BuildTrigger(kind: .push(branch: branch), commitSHA: commitSHA)
        }
        if let tag {
            return BuildTrigger(kind: .tag(name: tag), commitSHA: commitSHA)
        }
        return nil
    }
}

extension PullRequestEvent {
    /// What to build for this pull request event, or nil when its action changes no code.
    public var buildTrigger: BuildTrigger? {
        guard action.triggersBuild, !headSHA.isEmpty else { return nil }
        return BuildTrigger(
            kind: .pullRequest(number: number, sourceBranch: sourceBranch, targetBranch: targetBranch),
            commitSHA: headSHA,
            isFromFork: isFromFork,
            sourceRepository: sourceRepository,
            baseCommitSHA: baseSHA
        )
    }
}
