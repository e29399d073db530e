/// GitLab payloads modelled on GitLab's documented examples (as kept by go-gitlab), trimmed
/// to what MobileOps reads plus the nulls and zeros real deliveries carry.
enum GitLabFixtures {
    // MARK: Shared parts

    static let project = #"""
    {"id": 15, "name": "Ios App", "description": "", "web_url": "https://gitlab.example.com/mobile/ios-app",
     "avatar_url": null, "git_ssh_url": "git@gitlab.example.com:mobile/ios-app.git",
     "git_http_url": "https://gitlab.example.com/mobile/ios-app.git", "namespace": "Mobile",
     "visibility_level": 0, "path_with_namespace": "mobile/ios-app", "default_branch": "main",
     "homepage": "https://gitlab.example.com/mobile/ios-app",
     "url": "git@gitlab.example.com:mobile/ios-app.git",
     "ssh_url": "git@gitlab.example.com:mobile/ios-app.git",
     "http_url": "https://gitlab.example.com/mobile/ios-app.git"}
    """#

    // MARK: Push

    /// Two of four pushed commits listed (`total_commits_count` 4), one with emoji.
    static let push = #"""
    {"object_kind": "push", "event_name": "push",
     "before": "95790bf891e76fee5e1747ab589903a6a1f80f22",
     "after": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7", "ref": "refs/heads/main",
     "ref_protected": true, "checkout_sha": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
     "user_id": 4, "user_name": "John Smith", "user_username": "jsmith",
     "user_email": "", "user_avatar": null, "project_id": 15, "project": \#(project),
     "commits": [
      {"id": "b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327",
       "message": "Merge branch 'some-feature' into 'main'\n\nSee merge request mobile/ios-app!1",
       "title": "Merge branch 'some-feature' into 'main'", "timestamp": "2011-12-12T14:27:31+02:00",
       "url": "https://gitlab.example.com/mobile/ios-app/-/commit/b6568db1",
       "author": {"name": "Jordi Mallach", "email": "jordi@example.org"},
       "added": ["CHANGELOG"], "modified": ["App/AppDelegate.swift"], "removed": []},
      {"id": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7", "message": "fixed readme 📝\n",
       "title": "fixed readme 📝", "timestamp": "2012-01-03T23:36:29+02:00",
       "url": "https://gitlab.example.com/mobile/ios-app/-/commit/da156088",
       "author": {"name": "GitLab dev user", "email": "gitlabdev@dv6700.(none)"},
       "added": ["CHANGELOG"], "modified": ["README.md"], "removed": ["docs/old.md"]}
     ],
     "total_commits_count": 4,
     "repository": {"name": "Ios App", "url": "git@gitlab.example.com:mobile/ios-app.git",
       "homepage": "https://gitlab.example.com/mobile/ios-app",
       "git_http_url": "https://gitlab.example.com/mobile/ios-app.git",
       "git_ssh_url": "git@gitlab.example.com:mobile/ios-app.git", "visibility_level": 0}}
    """#

    /// A new annotated tag: `after` is the tag object, `checkout_sha` the tagged commit.
    static let tagPush = #"""
    {"object_kind": "tag_push", "event_name": "tag_push",
     "before": "0000000000000000000000000000000000000000",
     "after": "82b3d5ae55f7080f1e6022629cdb57bfae7cccc7", "ref": "refs/tags/v1.0.0",
     "checkout_sha": "5937ac0a7beb003549fc5fd26fc247adbce4a52e", "user_id": 1,
     "user_name": "John Smith", "user_username": "jsmith", "project_id": 15,
     "project": \#(project), "commits": [], "total_commits_count": 0}
    """#

    /// A deleted branch: `after` of zeros and `checkout_sha` null.
    static let branchDeletion = #"""
    {"object_kind": "push", "event_name": "push",
     "before": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
     "after": "0000000000000000000000000000000000000000", "ref": "refs/heads/feature/old",
     "checkout_sha": null, "user_id": 4, "user_name": "John Smith", "user_username": "jsmith",
     "project_id": 15, "project": \#(project), "commits": [], "total_commits_count": 0}
    """#

    // MARK: Merge request

    /// A `Merge Request Hook` delivery; `oldrev` is added only when given.
    static func mergeRequest(
        action: String,
        oldrev: String? = nil,
        sourceProjectID: Int = 15,
        sourcePath: String = "mobile/ios-app"
    ) -> String {
        let oldrevMember = oldrev.map { #", "oldrev": "\#($0)""# } ?? ""
        return #"""
        {"object_kind": "merge_request", "event_type": "merge_request",
         "user": {"id": 1, "name": "Administrator", "username": "root", "avatar_url": null, "email": "[REDACTED]"},
         "project": \#(project),
         "object_attributes": {"id": 9000000001, "iid": 7, "target_branch": "main",
          "source_branch": "feature/onboarding", "source_project_id": \#(sourceProjectID),
          "author_id": 51, "assignee_id": null, "title": "Onboarding flow ✨",
          "created_at": "2013-12-03T17:23:34Z", "updated_at": "2013-12-03T17:23:34Z",
          "milestone_id": null, "state": "opened", "merge_status": "unchecked",
          "target_project_id": 15, "description": "", "draft": false, "work_in_progress": false,
          "url": "https://gitlab.example.com/mobile/ios-app/-/merge_requests/7",
          "source": {"path_with_namespace": "\#(sourcePath)",
            "git_http_url": "https://gitlab.example.com/\#(sourcePath).git",
            "git_ssh_url": "git@gitlab.example.com:\#(sourcePath).git"},
          "target": {"path_with_namespace": "mobile/ios-app",
            "git_http_url": "https://gitlab.example.com/mobile/ios-app.git"},
          "last_commit": {"id": "0ab96a10266b95b4b533dcfd98738015fbe70889", "message": "Update state.go",
            "title": "Update state.go", "timestamp": "2021-09-27T05:01:20+00:00",
            "author": {"name": "the test", "email": "test@test.test"}},
          "action": "\#(action)"\#(oldrevMember)},
         "labels": [], "changes": {"updated_at": {"previous": "2021-09-27 05:00:01 UTC", "current": "2021-09-27 05:01:21 UTC"}},
         "repository": {"name": "Ios App", "url": "git@gitlab.example.com:mobile/ios-app.git"}}
        """#
    }

    // MARK: Other

    /// A pipeline event: recognised as `other`.
    static let pipeline = #"""
    {"object_kind": "pipeline", "object_attributes": {"id": 31, "ref": "main", "status": "success"},
     "project": \#(project)}
    """#
}
