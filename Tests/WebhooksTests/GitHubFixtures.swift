/// GitHub payloads modelled on real deliveries (octokit/webhooks examples), trimmed to the
/// fields MobileOps reads plus the awkward ones it must survive: epoch-integer dates in
/// push events, ids above 2^31, emoji, null `head_commit`, short refs.
enum GitHubFixtures {
    // MARK: Shared parts

    /// A repository object as a push event sends it: `created_at`/`pushed_at` are integers.
    static let pushRepository = #"""
    {"id": 5000000001, "node_id": "R_kgDOxyz", "name": "ios-app", "full_name": "acme/ios-app",
     "private": true, "html_url": "https://github.com/acme/ios-app", "fork": false,
     "url": "https://github.com/acme/ios-app", "created_at": 1557933565,
     "updated_at": "2019-05-15T15:20:41Z", "pushed_at": 1557933657,
     "git_url": "git://github.com/acme/ios-app.git", "ssh_url": "git@github.com:acme/ios-app.git",
     "clone_url": "https://github.com/acme/ios-app.git", "homepage": null, "size": 0,
     "default_branch": "main", "topics": [], "custom_properties": {}}
    """#

    /// The same repository as other events send it: ISO dates.
    static let repository = #"""
    {"id": 5000000001, "name": "ios-app", "full_name": "acme/ios-app", "private": true,
     "html_url": "https://github.com/acme/ios-app", "fork": false,
     "url": "https://api.github.com/repos/acme/ios-app", "created_at": "2019-05-15T15:19:25Z",
     "pushed_at": "2019-05-15T15:20:56Z", "ssh_url": "git@github.com:acme/ios-app.git",
     "clone_url": "https://github.com/acme/ios-app.git", "default_branch": "main"}
    """#

    static let sender = #"""
    {"login": "octo-dev", "id": 21031067, "type": "User", "site_admin": false}
    """#

    // MARK: Push

    /// Two commits to `main`, one with emoji, with file lists.
    static let pushToBranch = #"""
    {"ref": "refs/heads/main",
     "before": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
     "after": "a10867b14bb761a232cd80139fbd4c0d33264240",
     "created": false, "deleted": false, "forced": false, "base_ref": null,
     "compare": "https://github.com/acme/ios-app/compare/6113728f27ae...a10867b14bb7",
     "commits": [
      {"id": "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c", "tree_id": "f9d2a07e9488b91af2641b26b9407fe22a451433",
       "distinct": true, "message": "Add login screen 🎉\n\nWith a 🔐 icon.",
       "timestamp": "2024-03-01T10:00:00+01:00", "url": "https://github.com/acme/ios-app/commit/0d1a26e",
       "author": {"name": "Zoë Dev", "email": "zoe@example.com", "username": "zoe"},
       "committer": {"name": "GitHub", "email": "noreply@github.com", "username": "web-flow"},
       "added": ["App/Login/LoginView.swift"], "removed": [], "modified": ["App/App.swift", "Package.swift"]},
      {"id": "a10867b14bb761a232cd80139fbd4c0d33264240", "distinct": true,
       "message": "Remove legacy screen 🧹\n\nNobody opens it.", "timestamp": "2024-03-01T10:05:00+01:00",
       "url": "https://github.com/acme/ios-app/commit/a10867b",
       "author": {"name": "Zoë Dev", "email": "zoe@example.com"},
       "added": [], "removed": ["App/Legacy/OldView.swift"], "modified": ["App/App.swift"]}
     ],
     "head_commit": {"id": "a10867b14bb761a232cd80139fbd4c0d33264240", "distinct": true,
       "message": "Remove legacy screen 🧹\n\nNobody opens it.", "timestamp": "2024-03-01T10:05:00+01:00",
       "url": "https://github.com/acme/ios-app/commit/a10867b",
       "author": {"name": "Zoë Dev", "email": "zoe@example.com"},
       "added": [], "removed": ["App/Legacy/OldView.swift"], "modified": ["App/App.swift"]},
     "repository": \#(pushRepository),
     "pusher": {"name": "zoe", "email": "zoe@example.com"},
     "sender": \#(sender)}
    """#

    /// A new tag on an existing commit: `before` is zeros and `commits` is empty.
    static let pushTag = #"""
    {"ref": "refs/tags/v1.4.0", "before": "0000000000000000000000000000000000000000",
     "after": "6113728f27ae82c7b1a177c8d03f9e96e0adf246", "created": true, "deleted": false,
     "forced": false, "base_ref": "refs/heads/main",
     "compare": "https://github.com/acme/ios-app/compare/v1.4.0", "commits": [],
     "head_commit": {"id": "6113728f27ae82c7b1a177c8d03f9e96e0adf246", "message": "Release 1.4.0",
       "timestamp": "2024-03-02T09:00:00Z", "author": {"name": "Rel Bot", "email": "rel@example.com"},
       "added": [], "removed": [], "modified": ["CHANGELOG.md"]},
     "repository": \#(pushRepository), "pusher": {"name": "rel-bot", "email": null},
     "sender": \#(sender)}
    """#

    /// A deleted branch: `after` of forty zeros, `head_commit` null.
    static let pushBranchDeletion = #"""
    {"ref": "refs/heads/feature/old", "before": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
     "after": "0000000000000000000000000000000000000000", "created": false, "deleted": true,
     "forced": false, "base_ref": null,
     "compare": "https://github.com/acme/ios-app/compare/6113728f27ae...000000000000",
     "commits": [], "head_commit": null, "repository": \#(pushRepository),
     "pusher": {"name": "zoe", "email": "zoe@example.com"}, "sender": \#(sender)}
    """#

    // MARK: Create, delete, ping

    /// `create` with a short ref (not `refs/heads/…`).
    static let createBranch = #"""
    {"ref": "feature/login", "ref_type": "branch", "master_branch": "main", "description": null,
     "pusher_type": "user", "repository": \#(repository), "sender": \#(sender)}
    """#

    /// `delete` with a short tag name.
    static let deleteTag = #"""
    {"ref": "v1.3.9", "ref_type": "tag", "pusher_type": "user",
     "repository": \#(repository), "sender": \#(sender)}
    """#

    /// The ping sent when a repository hook is created.
    static let ping = #"""
    {"zen": "Anything added dilutes everything else.", "hook_id": 109948940,
     "hook": {"type": "Repository", "id": 109948940, "active": true, "events": ["push", "pull_request"],
       "config": {"content_type": "json", "insecure_ssl": "0", "url": "https://ci.example.com/api/v1/webhooks/github"}},
     "repository": \#(repository), "sender": \#(sender)}
    """#

    /// An organisation hook's ping: no repository at all.
    static let organizationPing = #"""
    {"zen": "Keep it logically awesome.", "hook_id": 109948941,
     "hook": {"type": "Organization", "id": 109948941},
     "organization": {"login": "acme", "id": 38302899}, "sender": \#(sender)}
    """#

    // MARK: Pull request

    /// A `pull_request` delivery; `headRepository` is a repository object or `null`.
    static func pullRequest(
        action: String,
        merged: Bool = false,
        headRepository: String = repository,
        extra: String = ""
    ) -> String {
        #"""
        {"action": "\#(action)", "number": 42,\#(extra)
         "pull_request": {"url": "https://api.github.com/repos/acme/ios-app/pulls/42",
          "id": 9000000000, "html_url": "https://github.com/acme/ios-app/pull/42", "number": 42,
          "state": "\#(action == "closed" ? "closed" : "open")", "locked": false,
          "title": "Faster launch 🚀", "body": null,
          "user": {"login": "contributor", "id": 4000000000},
          "created_at": "2024-03-01T10:00:00Z", "merged_at": \#(merged ? "\"2024-03-03T10:00:00Z\"" : "null"),
          "merge_commit_sha": null, "draft": false, "merged": \#(merged),
          "head": {"label": "contributor:speedup", "ref": "speedup",
            "sha": "ec26c3e57ca3a959ca5aad62de7213c562f8c821", "repo": \#(headRepository)},
          "base": {"label": "acme:main", "ref": "main",
            "sha": "f95f852bd8fca8fcc58a9a2d6c842781e32a215e", "repo": \#(repository)},
          "commits": 1, "changed_files": 1},
         "repository": \#(repository), "sender": \#(sender)}
        """#
    }

    /// A contributor's fork of the repository.
    static let forkRepository = #"""
    {"id": 7000000002, "name": "ios-app", "full_name": "contributor/ios-app", "fork": true,
     "html_url": "https://github.com/contributor/ios-app",
     "clone_url": "https://github.com/contributor/ios-app.git",
     "ssh_url": "git@github.com:contributor/ios-app.git", "created_at": "2024-01-01T00:00:00Z"}
    """#
}
