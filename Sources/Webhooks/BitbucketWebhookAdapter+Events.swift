// MARK: - Payload reading

extension BitbucketWebhookAdapter {
    /// One push event per entry of `push.changes`, skipping entries that name no ref.
    ///
    /// A change's `new` is null when the ref was deleted and `old` is null when it was
    /// created. Bitbucket sends no file lists, so the head commit's are empty.
    static func pushes(_ payload: JSONValue) -> [PushEvent] {
        payload["push"]["changes"].elements.compactMap(push)
    }

    /// One change of a push.
    static func push(_ change: JSONValue) -> PushEvent? {
        let new = change["new"]
        let old = change["old"]
        // A deletion names its ref only in `old`.
        let described = new.isNull ? old : new
        guard let name = described["name"].nonEmptyString else { return nil }
        let ref = switch described["type"].string {
        case "branch": "refs/heads/" + name
        case "tag": "refs/tags/" + name
        // Mercurial's named branches and bookmarks are gone from Bitbucket; keep the bare
        // name, which names neither branch nor tag and so triggers nothing.
        default: name
        }
        let after = new["target"]["hash"].string ?? ""
        return PushEvent(
            ref: ref,
            before: old["target"]["hash"].string ?? "",
            after: after,
            isDeletion: new.isNull || change["closed"].bool == true,
            isCreation: old.isNull || change["created"].bool == true,
            isForced: change["forced"].bool ?? false,
            headCommit: commit(new["target"]),
            pusher: nil
        )
    }

    /// A commit as Bitbucket describes it; the author is one `raw` string, `Name <email>`.
    static func commit(_ value: JSONValue) -> CommitSummary? {
        guard let id = value["hash"].nonEmptyString else { return nil }
        let raw = value["author"]["raw"].string ?? ""
        let author = splitAuthor(raw)
        return CommitSummary(
            id: id,
            message: value["message"].string ?? "",
            authorName: author.name ?? value["author"]["user"]["display_name"].nonEmptyString,
            authorEmail: author.email,
            timestamp: value["date"].nonEmptyString,
            url: value["links"]["html"]["href"].nonEmptyString
        )
    }

    /// Splits `Name <email>` into its parts; either may be missing.
    static func splitAuthor(_ raw: String) -> (name: String?, email: String?) {
        guard let open = raw.lastIndex(of: "<"), let close = raw.lastIndex(of: ">"), open < close else {
            let name = raw.trimmingWhitespace()
            return (name.isEmpty ? nil : name, nil)
        }
        let name = String(raw[..<open]).trimmingWhitespace()
        let email = String(raw[raw.index(after: open)..<close]).trimmingWhitespace()
        return (name.isEmpty ? nil : name, email.isEmpty ? nil : email)
    }

    /// A pull request event; nil when the payload lacks the id, branches or source commit.
    static func pullRequest(_ payload: JSONValue, eventKey: String) -> PullRequestEvent? {
        let pullRequest = payload["pullrequest"]
        let source = pullRequest["source"]
        let destination = pullRequest["destination"]
        guard let number = pullRequest["id"].int,
              let sourceBranch = source["branch"]["name"].nonEmptyString,
              let targetBranch = destination["branch"]["name"].nonEmptyString,
              let headSHA = source["commit"]["hash"].nonEmptyString
        else { return nil }
        return PullRequestEvent(
            action: action(eventKey),
            number: number,
            title: pullRequest["title"].string ?? "",
            isDraft: pullRequest["draft"].bool ?? false,
            sourceBranch: sourceBranch,
            targetBranch: targetBranch,
            headSHA: headSHA,
            baseSHA: destination["commit"]["hash"].nonEmptyString,
            isFromFork: isFork(source: source["repository"], destination: destination["repository"]),
            sourceRepository: source["repository"]["full_name"].nonEmptyString,
            sourceCloneURL: source["repository"]["links"]["html"]["href"].nonEmptyString.map { $0 + ".git" },
            author: pullRequest["author"]["nickname"].nonEmptyString ?? pullRequest["author"]["display_name"].nonEmptyString,
            url: pullRequest["links"]["html"]["href"].nonEmptyString
        )
    }

    /// Maps the event key to an action.
    ///
    /// `pullrequest:updated` fires for title and description edits as well as new commits,
    /// and the payload does not say which. It is treated as new commits (a build that was
    /// not strictly needed beats a missed one); the scheduler can skip it when a build of
    /// the same `headSHA` already exists.
    static func action(_ eventKey: String) -> PullRequestAction {
        switch eventKey {
        case "pullrequest:created": .opened
        case "pullrequest:updated": .synchronized
        case "pullrequest:fulfilled": .merged
        case "pullrequest:rejected": .closed
        default: .other(eventKey)
        }
    }

    /// Whether source and destination repositories differ, by full name (case-insensitive)
    /// or else by UUID; true when neither tells, since an unknown source is treated as foreign.
    static func isFork(source: JSONValue, destination: JSONValue) -> Bool {
        if let sourceName = source["full_name"].nonEmptyString, let targetName = destination["full_name"].nonEmptyString {
            return sourceName.lowercased() != targetName.lowercased()
        }
        if let sourceID = source["uuid"].nonEmptyString, let targetID = destination["uuid"].nonEmptyString {
            return sourceID != targetID
        }
        return true
    }
}
