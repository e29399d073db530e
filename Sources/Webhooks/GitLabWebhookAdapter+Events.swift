// MARK: - Payload reading

extension GitLabWebhookAdapter {
    /// A push or tag push; nil when the payload has no `ref`.
    ///
    /// GitLab says nothing about forced pushes, so `isForced` is always false. A deleted
    /// branch or tag has `after` of zeros and `checkout_sha` null.
    static func push(_ payload: JSONValue) -> PushEvent? {
        guard let ref = payload["ref"].nonEmptyString else { return nil }
        let before = payload["before"].string ?? ""
        let checkoutSHA = payload["checkout_sha"].nonEmptyString
        let after = payload["after"].nonEmptyString ?? checkoutSHA ?? ""
        // GitLab names no head commit; it is the listed commit with the head's id.
        let commits = payload["commits"].elements.compactMap(commit)
        let isDeletion = GitRef.isZeroOrMissing(after)
        // `checkout_sha` is the commit a tag points at (`after` may be the tag object).
        let headCommit: CommitSummary? = if isDeletion {
            nil
        } else if let checkoutSHA, !GitRef.isZeroOrMissing(checkoutSHA) {
            commits.last { $0.id == checkoutSHA } ?? CommitSummary(id: checkoutSHA)
        } else {
            commits.last { $0.id == after }
        }
        return PushEvent(
            ref: ref,
            before: before,
            after: after,
            isDeletion: isDeletion,
            isCreation: GitRef.isZeroOrMissing(before),
            headCommit: headCommit,
            pusher: payload["user_username"].nonEmptyString ?? payload["user_name"].nonEmptyString
        )
    }

    /// One commit of a push; nil when it has no id.
    static func commit(_ value: JSONValue) -> CommitSummary? {
        CommitSummary(pushed: value, message: value["message"].string ?? value["title"].string)
    }

    /// A merge request event; nil when the payload lacks the iid, branches or last commit.
    static func mergeRequest(_ payload: JSONValue) -> PullRequestEvent? {
        let attributes = payload["object_attributes"]
        guard let number = attributes["iid"].int,
              let sourceBranch = attributes["source_branch"].nonEmptyString,
              let targetBranch = attributes["target_branch"].nonEmptyString,
              let headSHA = attributes["last_commit"]["id"].nonEmptyString
        else { return nil }
        return PullRequestEvent(
            action: action(attributes["action"].string ?? "", oldRevision: attributes["oldrev"].nonEmptyString),
            number: number,
            title: attributes["title"].string ?? "",
            isDraft: attributes["draft"].bool ?? attributes["work_in_progress"].bool ?? false,
            sourceBranch: sourceBranch,
            targetBranch: targetBranch,
            headSHA: headSHA,
            isFromFork: isFork(attributes),
            sourceRepository: attributes["source"]["path_with_namespace"].nonEmptyString,
            sourceCloneURL: attributes["source"]["git_http_url"].nonEmptyString,
            author: payload["user"]["username"].nonEmptyString,
            url: attributes["url"].nonEmptyString
        )
    }

    /// Maps GitLab's action. `update` fires for title, label and assignee changes too; only
    /// an `oldrev` (the previous head) shows that commits were pushed.
    static func action(_ raw: String, oldRevision: String?) -> PullRequestAction {
        switch raw {
        case "open": .opened
        case "reopen": .reopened
        case "update": oldRevision == nil ? .edited : .synchronized
        case "close": .closed
        case "merge": .merged
        default: .other(raw)
        }
    }

    /// Whether source and target projects differ; true when neither ids nor paths tell.
    static func isFork(_ attributes: JSONValue) -> Bool {
        if let source = attributes["source_project_id"].int64, let target = attributes["target_project_id"].int64 {
            return source != target
        }
        guard let source = attributes["source"]["path_with_namespace"].nonEmptyString,
              let target = attributes["target"]["path_with_namespace"].nonEmptyString
        else { return true }
        return source.lowercased() != target.lowercased()
    }
}
