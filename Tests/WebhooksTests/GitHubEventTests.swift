import Core
import Testing
import Webhooks

/// GitHub events parsed into the neutral model, and what they trigger.
@Suite("GitHub events")
struct GitHubEventTests {
    func parse(_ event: String, _ body: String) throws -> WebhookEvent {
        try TestSupport.event(.github, event: event, body: body)
    }

    // MARK: Push

    @Test("push to a branch: head commit, emoji, file lists, integer dates and 64-bit ids")
    func pushToBranch() throws {
        let push = try #require(try parse("push", GitHubFixtures.pushToBranch).push)
        #expect(push.branch == "main")
        #expect(push.tag == nil)
        #expect(!push.isDeletion && !push.isCreation && !push.isForced)
        #expect(push.headCommit?.id == "a10867b14bb761a232cd80139fbd4c0d33264240")
        #expect(push.headCommit?.message == "Remove legacy screen 🧹\n\nNobody opens it.")
        #expect(push.headCommit?.title == "Remove legacy screen 🧹")
        #expect(push.headCommit?.authorName == "Zoë Dev")
        #expect(push.headCommit?.changedFiles == ["App/App.swift", "App/Legacy/OldView.swift"])
        #expect(push.pusher == "zoe")

        let trigger = try #require(WebhookEvent.push(push).buildTrigger)
        #expect(trigger.kind == .push(branch: "main"))
        #expect(trigger.commitSHA == "a10867b14bb761a232cd80139fbd4c0d33264240")
        #expect(!trigger.isFromFork)
    }

    @Test("push of a tag triggers a tag build")
    func pushTag() throws {
        let event = try parse("push", GitHubFixtures.pushTag)
        #expect(event.push?.tag == "v1.4.0")
        #expect(event.push?.isCreation == true)
        #expect(event.buildTrigger?.kind == .tag(name: "v1.4.0"))
        #expect(event.buildTrigger?.commitSHA == "6113728f27ae82c7b1a177c8d03f9e96e0adf246")
    }

    @Test("branch deletion (null head_commit, zero after) triggers nothing")
    func branchDeletion() throws {
        let event = try parse("push", GitHubFixtures.pushBranchDeletion)
        #expect(event.push?.isDeletion == true)
        #expect(event.push?.headCommit == nil)
        #expect(event.buildTrigger == nil)
    }

    @Test("a zero after without deleted: true still counts as a deletion")
    func zeroAfterOnly() throws {
        let body = #"{"ref": "refs/heads/x", "before": "abc", "after": "0000000000000000000000000000000000000000", "head_commit": null}"#
        #expect(try parse("push", body).push?.isDeletion == true)
        #expect(try parse("push", body).buildTrigger == nil)
    }

    @Test("a push without a ref is kept as other")
    func pushWithoutRef() throws {
        #expect(try parse("push", #"{"after": "abc", "repository": {"full_name": "a/b"}}"#) == .other(name: "push"))
    }

    // MARK: Create, delete, ping, other

    @Test("create and delete (short refs) are other and trigger nothing")
    func createDelete() throws {
        #expect(try parse("create", GitHubFixtures.createBranch) == .other(name: "create"))
        #expect(try parse("delete", GitHubFixtures.deleteTag) == .other(name: "delete"))
        #expect(try parse("create", GitHubFixtures.createBranch).buildTrigger == nil)
    }

    @Test("ping, and unknown events")
    func pingAndOther() throws {
        #expect(try parse("ping", GitHubFixtures.ping) == .ping)
        #expect(try parse("workflow_run", GitHubFixtures.ping) == .other(name: "workflow_run"))
        #expect(try parse("ping", GitHubFixtures.ping).buildTrigger == nil)
    }

    // MARK: Pull request

    @Test("opened, reopened and synchronize trigger; edited, labeled, closed and merged do not")
    func pullRequestActions() throws {
        let cases: [(String, Bool, PullRequestAction, Bool)] = [
            ("opened", false, .opened, true),
            ("reopened", false, .reopened, true),
            ("synchronize", false, .synchronized, true),
            ("edited", false, .edited, false),
            ("labeled", false, .other("labeled"), false),
            ("closed", false, .closed, false),
            ("closed", true, .merged, false),
        ]
        for (action, merged, expected, triggers) in cases {
            let event = try parse("pull_request", GitHubFixtures.pullRequest(action: action, merged: merged))
            let pullRequest = try #require(event.pullRequest, "\(action)")
            #expect(pullRequest.action == expected)
            #expect((event.buildTrigger != nil) == triggers, "\(action) merged=\(merged)")
        }
    }

    @Test("pull request fields and trigger")
    func pullRequestFields() throws {
        let event = try parse("pull_request", GitHubFixtures.pullRequest(action: "synchronize", extra: #" "before": "f95f", "after": "ec26","#))
        let pullRequest = try #require(event.pullRequest)
        #expect(pullRequest.number == 42)
        #expect(pullRequest.title == "Faster launch 🚀")
        #expect(pullRequest.sourceBranch == "speedup")
        #expect(pullRequest.targetBranch == "main")
        #expect(pullRequest.headSHA == "ec26c3e57ca3a959ca5aad62de7213c562f8c821")
        #expect(pullRequest.baseSHA == "f95f852bd8fca8fcc58a9a2d6c842781e32a215e")
        #expect(!pullRequest.isFromFork)
        #expect(pullRequest.author == "contributor")
        #expect(pullRequest.url == "https://github.com/acme/ios-app/pull/42")
        #expect(event.buildTrigger == BuildTrigger(
            kind: .pullRequest(number: 42, sourceBranch: "speedup", targetBranch: "main"),
            commitSHA: "ec26c3e57ca3a959ca5aad62de7213c562f8c821",
            sourceRepository: "acme/ios-app",
            baseCommitSHA: "f95f852bd8fca8fcc58a9a2d6c842781e32a215e"
        ))
        #expect(event.buildTrigger?.pullRequestOrigin == .sameRepository)
    }

    @Test("a fork pull request is marked, and so is one whose fork was deleted")
    func forkPullRequest() throws {
        let fork = try #require(try parse("pull_request", GitHubFixtures.pullRequest(action: "opened", headRepository: GitHubFixtures.forkRepository)).pullRequest)
        #expect(fork.isFromFork)
        #expect(fork.sourceRepository == "contributor/ios-app")
        #expect(fork.sourceCloneURL == "https://github.com/contributor/ios-app.git")
        #expect(WebhookEvent.pullRequest(fork).buildTrigger?.isFromFork == true)

        let deleted = try #require(try parse("pull_request", GitHubFixtures.pullRequest(action: "synchronize", headRepository: "null")).pullRequest)
        #expect(deleted.isFromFork)
        #expect(deleted.sourceRepository == nil)
        // What reaches the build: a fork, and an origin nobody can vouch for (also no secrets).
        #expect(WebhookEvent.pullRequest(fork).buildTrigger?.pullRequestOrigin == .fork)
        #expect(WebhookEvent.pullRequest(deleted).buildTrigger?.pullRequestOrigin == .unknown)
    }

    @Test("a pull request without branches is kept as other")
    func pullRequestWithoutBranches() throws {
        #expect(try parse("pull_request", #"{"action": "opened", "number": 1, "pull_request": null}"#) == .other(name: "pull_request"))
    }

    // MARK: Headers

    @Test("delivery id, event name, and a missing event header")
    func headers() {
        let adapter = GitHubWebhookAdapter()
        let request = TestSupport.request(.github, event: "push", body: "{}", extraHeaders: ["X-GitHub-Delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958"])
        #expect(adapter.deliveryID(request) == "72d3162e-cc78-11e3-81ab-4c9367dc0958")
        #expect(adapter.eventName(request) == "push")
        #expect(throws: WebhookError.missingHeader("X-GitHub-Event")) {
            try adapter.parseEvents(TestSupport.request(.github, event: nil, body: "{}"))
        }
    }
}
