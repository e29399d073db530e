import Core
import Foundation
import Testing
import Webhooks

/// GitLab events parsed into the neutral model, and what they trigger.
@Suite("GitLab events")
struct GitLabEventTests {
    func parse(_ event: String, _ body: String) throws -> WebhookEvent {
        try TestSupport.event(.gitlab, event: event, body: body)
    }

    // MARK: Push

    @Test("push: branch, head commit found in the commit list, file lists, emoji")
    func push() throws {
        let event = try parse("Push Hook", GitLabFixtures.push)
        let push = try #require(event.push)
        #expect(push.branch == "main")
        #expect(push.headCommit?.id == "da1560886d4f094c3e6c9ef40349f7d38b5d27d7")
        #expect(push.headCommit?.message == "fixed readme 📝\n")
        #expect(push.headCommit?.authorName == "GitLab dev user")
        #expect(push.headCommit?.changedFiles == ["CHANGELOG", "README.md", "docs/old.md"])
        #expect(push.pusher == "jsmith")
        #expect(event.buildTrigger?.kind == .push(branch: "main"))
        #expect(event.buildTrigger?.commitSHA == "da1560886d4f094c3e6c9ef40349f7d38b5d27d7")
    }

    @Test("tag push builds the tagged commit (checkout_sha), not the tag object")
    func tagPush() throws {
        let event = try parse("Tag Push Hook", GitLabFixtures.tagPush)
        #expect(event.push?.tag == "v1.0.0")
        #expect(event.push?.after == "82b3d5ae55f7080f1e6022629cdb57bfae7cccc7")
        #expect(event.buildTrigger?.kind == .tag(name: "v1.0.0"))
        #expect(event.buildTrigger?.commitSHA == "5937ac0a7beb003549fc5fd26fc247adbce4a52e")
    }

    @Test("deleted branch (zero after, null checkout_sha) triggers nothing")
    func branchDeletion() throws {
        let event = try parse("Push Hook", GitLabFixtures.branchDeletion)
        #expect(event.push?.isDeletion == true)
        #expect(event.push?.headCommit == nil)
        #expect(event.buildTrigger == nil)
    }

    @Test("after null counts as a deletion too")
    func nullAfter() throws {
        let body = #"{"ref": "refs/tags/v0.9", "before": "82b3d5ae", "after": null, "checkout_sha": null}"#
        #expect(try parse("Tag Push Hook", body).push?.isDeletion == true)
        #expect(try parse("Tag Push Hook", body).buildTrigger == nil)
    }

    // MARK: Merge request

    @Test("open, reopen and update with oldrev trigger; title-only update, close, merge do not")
    func mergeRequestActions() throws {
        let cases: [(String, String?, PullRequestAction, Bool)] = [
            ("open", nil, .opened, true),
            ("reopen", nil, .reopened, true),
            ("update", "6ef047571374c96a2bf13c361efd1fb008b0063e", .synchronized, true),
            ("update", nil, .edited, false),
            ("close", nil, .closed, false),
            ("merge", nil, .merged, false),
            ("approved", nil, .other("approved"), false),
        ]
        for (action, oldrev, expected, triggers) in cases {
            let event = try parse("Merge Request Hook", GitLabFixtures.mergeRequest(action: action, oldrev: oldrev))
            #expect(event.pullRequest?.action == expected, "\(action)")
            #expect((event.buildTrigger != nil) == triggers, "\(action) oldrev=\(oldrev ?? "nil")")
        }
    }

    @Test("merge request fields: iid, branches, last commit, large ids")
    func mergeRequestFields() throws {
        let event = try parse("Merge Request Hook", GitLabFixtures.mergeRequest(action: "open"))
        let mergeRequest = try #require(event.pullRequest)
        #expect(mergeRequest.number == 7)
        #expect(mergeRequest.title == "Onboarding flow ✨")
        #expect(mergeRequest.sourceBranch == "feature/onboarding")
        #expect(mergeRequest.targetBranch == "main")
        #expect(mergeRequest.headSHA == "0ab96a10266b95b4b533dcfd98738015fbe70889")
        #expect(mergeRequest.baseSHA == nil)
        #expect(!mergeRequest.isFromFork)
        #expect(mergeRequest.url == "https://gitlab.example.com/mobile/ios-app/-/merge_requests/7")
        #expect(event.buildTrigger?.kind == .pullRequest(number: 7, sourceBranch: "feature/onboarding", targetBranch: "main"))
    }

    @Test("a merge request from a fork project is marked")
    func forkMergeRequest() throws {
        let event = try parse("Merge Request Hook", GitLabFixtures.mergeRequest(action: "open", sourceProjectID: 99, sourcePath: "someone/ios-app"))
        #expect(event.pullRequest?.isFromFork == true)
        #expect(event.pullRequest?.sourceCloneURL == "https://gitlab.example.com/someone/ios-app.git")
        #expect(event.buildTrigger?.isFromFork == true)
    }

    @Test("a build's pull request origin: the same project, a fork, or unknown when the hook names no source project")
    func pullRequestOrigin() throws {
        let same = try parse("Merge Request Hook", GitLabFixtures.mergeRequest(action: "open"))
        #expect(same.buildTrigger?.pullRequestOrigin == .sameRepository)
        let fork = try parse("Merge Request Hook", GitLabFixtures.mergeRequest(action: "open", sourceProjectID: 99, sourcePath: "someone/ios-app"))
        #expect(fork.buildTrigger?.pullRequestOrigin == .fork)
        #expect(fork.buildTrigger?.sourceRepository == "someone/ios-app")
        // Neither the source project's id nor its path: nobody can vouch for it.
        let nameless = GitLabFixtures.mergeRequest(action: "open")
            .replacingOccurrences(of: #""source_project_id": 15,"#, with: "")
            .replacingOccurrences(of: #""source": {"path_with_namespace": "mobile/ios-app","#, with: #""source": {"#)
        let unknown = try parse("Merge Request Hook", nameless)
        #expect(unknown.pullRequest?.sourceRepository == nil)
        #expect(unknown.buildTrigger?.pullRequestOrigin == .unknown)
    }

    @Test("a merge request whose keys are misspelt is kept as other")
    func misspeltKeys() throws {
        // go-gitlab's group sample has keys with trailing spaces ("source_branch ").
        let body = #"{"object_attributes": {"iid ": 1, "source_branch ": "x", "action": "merge"}}"#
        #expect(try parse("Merge Request Hook", body) == .other(name: "Merge Request Hook"))
    }

    // MARK: Other and headers

    @Test("pipeline and unknown hooks are other")
    func other() throws {
        #expect(try parse("Pipeline Hook", GitLabFixtures.pipeline) == .other(name: "Pipeline Hook"))
        #expect(try parse("Emoji Hook", GitLabFixtures.pipeline) == .other(name: "Emoji Hook"))
    }

    @Test("Idempotency-Key, falling back to X-Gitlab-Event-UUID")
    func deliveryID() {
        let adapter = GitLabWebhookAdapter()
        let both = TestSupport.request(.gitlab, event: "Push Hook", body: "{}", extraHeaders: ["Idempotency-Key": "key-1", "X-Gitlab-Event-UUID": "uuid-1"])
        let uuidOnly = TestSupport.request(.gitlab, event: "Push Hook", body: "{}", extraHeaders: ["X-Gitlab-Event-UUID": "uuid-1"])
        #expect(adapter.deliveryID(both) == "key-1")
        #expect(adapter.deliveryID(uuidOnly) == "uuid-1")
        #expect(adapter.deliveryID(TestSupport.request(.gitlab, event: "Push Hook", body: "{}")) == nil)
        #expect(adapter.eventName(both) == "Push Hook")
    }
}
