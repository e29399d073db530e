/// Pipeline definitions the server tests load.
enum TestPipelines {
    /// Push to main, PRs into main, manual: a build step, then a test step in two shards.
    static let ci = """
        name: app-ci
        triggers:
          push:
            branches: [main]
          pull_request:
            branches: [main]
          manual: true
        steps:
          - key: build
            label: Build
            command: echo build
            agents:
              platform: ios
          - key: test
            label: Test
            command: echo "test shard $MOBILE_OPS_SHARD_INDEX"
            depends_on: build
            parallelism: 2
            agents:
              platform: ios
        """

    /// A GitHub push of one commit to `branch`, for `acme/ios-app`.
    static func githubPush(branch: String = "main", after: String = "1111111111111111111111111111111111111111", deleted: Bool = false) -> String {
        let headCommit = deleted ? "null" : #"{"id": "\#(after)", "message": "Fix the build ✅", "timestamp": "2026-11-21T10:00:00Z", "author": {"name": "Dev", "email": "dev@acme.test"}, "added": [], "modified": ["App/View.swift"], "removed": []}"#
        return #"""
            {"ref": "refs/heads/\#(branch)", "before": "0000000000000000000000000000000000000001",
             "after": "\#(deleted ? String(repeating: "0", count: 40) : after)", "created": false, "deleted": \#(deleted), "forced": false,
             "repository": {"id": 3000000001, "full_name": "acme/ios-app", "clone_url": "https://github.com/acme/ios-app.git", "pushed_at": 1763719200},
             "pusher": {"name": "dev"}, "head_commit": \#(headCommit), "commits": []}
            """#
    }
}
