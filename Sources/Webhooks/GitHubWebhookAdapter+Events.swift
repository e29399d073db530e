// MARK: - Payload reading

extension GitHubWebhookAdapter {
    /// The members `push(_:)` reads. The others, `commits` among them (most of a push's
    /// bytes), are checked for well-formed JSON and not built.
    static let pushMembers: Set<String> = [
        "ref", "before", "after", "deleted", "created", "forced", "head_commit", "pusher", "sender",
    ]

    /// A push; nil when the payload has no `ref`, which leaves nothing to build.
    static func push(_ payload: JSONValue) -> PushEvent? {
        guard let ref = payload["ref"].nonEmptyString else { return nil }
        let before = payload["before"].string ?? ""
        let after = payload["after"].string ?? ""
        return PushEvent(
            ref: ref,
            before: before,
            after: after,
            // `deleted` is authoritative when present; the zero `after` covers payloads without it.
            isDeletion: payload["deleted"].bool == true || GitRef.isZeroOrMissing(after),
            isCreation: payload["created"].bool ?? GitRef.isZeroOrMissing(before),
            isForced: payload["forced"].bool ?? false,
            // `head_commit` is null on deletions and on some tag pushes.
            headCommit: commit(payload["head_commit"]),
            pusher: payload["pusher"]["name"].nonEmptyString ?? payload["sender"]["login"].nonEmptyString
        )
    }

    /// The head commit of a push; nil when it has no id.
    static func commit(_ value: JSONValue) -> CommitSummary? {
        CommitSummary(pushed: value, message: value["message"].string)
    }

    /// A pull request event; nil when the payload lacks the number, branches or head commit.
    static func pullRequest(_ payload: JSONValue) -> PullRequestEvent? {
        let pullRequest = payload["pull_request"]
        let head = pullRequest["head"]
        let base = pullRequest["base"]
        guard let number = payload["number"].int ?? pullRequest["number"].int,
              let sourceBranch = head["ref"].nonEmptyString,
              let targetBranch = base["ref"].nonEmptyString,
              let headSHA = head["sha"].nonEmptyString
        else { return nil }
        let isMerged = pullRequest["merged"].bool ?? !pullRequest["merged_at"].isNull
        return PullRequestEvent(
            action: action(payload["action"].string ?? "", isMerged: isMerged),
            number: number,
            title: pullRequest["title"].string ?? "",
            isDraft: pullRequest["draft"].bool ?? false,
            sourceBranch: sourceBranch,
            targetBranch: targetBranch,
            headSHA: headSHA,
            baseSHA: base["sha"].nonEmptyString,
            isFromFork: isFork(head: head["repo"], base: base["repo"].isNull ? payload["repository"] : base["repo"]),
            sourceRepository: head["repo"]["full_name"].nonEmptyString,
            sourceCloneURL: head["repo"]["clone_url"].nonEmptyString,
            author: pullRequest["user"]["login"].nonEmptyString,
            url: pullRequest["html_url"].nonEmptyString
        )
    }

    /// Maps GitHub's action; `closed` splits on whether the pull request was merged.
    static func action(_ raw: String, isMerged: Bool) -> PullRequestAction {
        switch raw {
        case "opened": .opened
        case "reopened": .reopened
        case "synchronize": .synchronized
        case "edited": .edited
        case "closed": isMerged ? .merged : .closed
        default: .other(raw)
        }
    }

    /// Whether head and base are different repositories; true when the head repository is
    /// unknown (`null` once a fork is deleted). Ids win over names, which change on rename.
    static func isFork(head: JSONValue, base: JSONValue) -> Bool {
        if let headID = head["id"].int64, let baseID = base["id"].int64 {
            return headID != baseID
        }
        guard let headName = head["full_name"].nonEmptyString, let baseName = base["full_name"].nonEmptyString else {
            return true
        }
        return headName.lowercased() != baseName.lowercased()
    }
}
