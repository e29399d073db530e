/// Bitbucket Cloud payloads: pull requests modelled on the runatlantis/atlantis fixtures,
/// pushes on Atlassian's documented `repo:push` shape (no file lists, abbreviated hashes in
/// pull requests, several changes per push).
enum BitbucketFixtures {
    // MARK: Shared parts

    static let repository = #"""
    {"scm": "git", "website": "", "name": "ios-app", "full_name": "acme/ios-app",
     "type": "repository", "is_private": true, "uuid": "{94189367-116b-436a-9f77-2314b97a6067}",
     "links": {"html": {"href": "https://bitbucket.org/acme/ios-app"},
       "self": {"href": "https://api.bitbucket.org/2.0/repositories/acme/ios-app"}},
     "owner": {"display_name": "Acme", "type": "team", "uuid": "{bf34a99b-8a11-452c-8fbc-bdffc340e584}"}}
    """#

    static let actor = #"""
    {"display_name": "Luke", "account_id": "557058:dc3817de", "nickname": "luke", "type": "user",
     "uuid": "{bf34a99b-8a11-452c-8fbc-bdffc340e584}"}
    """#

    // MARK: Push

    /// One push, three changes: a deleted branch, an updated `main`, a new tag.
    static let pushSeveralChanges = #"""
    {"actor": \#(actor), "repository": \#(repository),
     "push": {"changes": [
      {"old": {"type": "branch", "name": "feature/old",
         "target": {"type": "commit", "hash": "1e69a602caef1e69a602caef1e69a602caef1e69"}},
       "new": null, "created": false, "closed": true, "forced": false, "commits": [], "truncated": false},
      {"old": {"type": "branch", "name": "main",
         "target": {"type": "commit", "hash": "315f27602bd8315f27602bd8315f27602bd8315f"}},
       "new": {"type": "branch", "name": "main",
         "target": {"type": "commit", "hash": "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2",
           "message": "Ship it 🚢\n", "date": "2024-03-01T10:05:00+00:00",
           "author": {"raw": "Zoë Dev <zoe@example.com>", "type": "author"},
           "links": {"html": {"href": "https://bitbucket.org/acme/ios-app/commits/a1b2c3d4e5f6"}}}},
       "created": false, "closed": false, "forced": true, "truncated": true,
       "commits": [
        {"hash": "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2", "message": "Ship it 🚢\n",
         "date": "2024-03-01T10:05:00+00:00", "author": {"raw": "Zoë Dev <zoe@example.com>"}},
        {"hash": "0adf41d7f4cc0adf41d7f4cc0adf41d7f4cc0adf", "message": "Prepare",
         "author": {"raw": "bot", "user": {"display_name": "Build Bot"}}}
       ]},
      {"old": null,
       "new": {"type": "tag", "name": "v2.0.0",
         "target": {"type": "commit", "hash": "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2"}},
       "created": true, "closed": false, "forced": false, "commits": [], "truncated": false}
     ]}}
    """#

    /// A push whose only change deletes a branch.
    static let pushDeletionOnly = #"""
    {"actor": \#(actor), "repository": \#(repository),
     "push": {"changes": [
      {"old": {"type": "branch", "name": "feature/old", "target": {"hash": "1e69a602caef"}},
       "new": null, "created": false, "closed": true, "forced": false, "commits": []}
     ]}}
    """#

    // MARK: Pull request

    /// A pull request delivery; `sourceRepository` names the repository of the source branch.
    static func pullRequest(state: String, sourceRepository: String = "acme/ios-app") -> String {
        #"""
        {"pullrequest": {"type": "pullrequest", "description": "main.tf edited online",
          "title": "Dark mode 🌙", "close_source_branch": true, "id": 16,
          "destination": {"commit": {"hash": "1d1f6d3216f1", "type": "commit"},
            "repository": {"type": "repository", "name": "ios-app", "full_name": "acme/ios-app",
              "uuid": "{94189367-116b-436a-9f77-2314b97a6067}",
              "links": {"html": {"href": "https://bitbucket.org/acme/ios-app"}}},
            "branch": {"name": "main"}},
          "created_on": "2019-06-13T13:37:58.036928+00:00",
          "source": {"commit": {"hash": "1e69a602caef", "type": "commit"},
            "repository": {"type": "repository", "name": "ios-app", "full_name": "\#(sourceRepository)",
              "uuid": "{94189367-116b-436a-9f77-2314b97a6067}",
              "links": {"html": {"href": "https://bitbucket.org/\#(sourceRepository)"}}},
            "branch": {"name": "luke/dark-mode"}},
          "comment_count": 0, "state": "\#(state)", "task_count": 0, "reason": "",
          "author": \#(actor), "merge_commit": null, "closed_by": null,
          "links": {"html": {"href": "https://bitbucket.org/acme/ios-app/pull-requests/16"}}},
         "repository": \#(repository), "actor": \#(actor)}
        """#
    }
}
