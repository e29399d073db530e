import Core
import Foundation
import Testing
import Webhooks

/// Bitbucket Cloud events parsed into the neutral model, and what they trigger.
@Suite("Bitbucket events")
struct BitbucketEventTests {
    // MARK: Push

    @Test("a push with several changes yields one push event per change")
    func severalChanges() throws {
        let events = try TestSupport.events(.bitbucket, event: "repo:push", body: BitbucketFixtures.pushSeveralChanges)
        #expect(events.count == 3)
        let deletion = try #require(events[0].push)
        #expect(deletion.branch == "feature/old")
        #expect(deletion.isDeletion)
        #expect(events[0].buildTrigger == nil)

        let main = try #require(events[1].push)
        #expect(main.branch == "main")
        #expect(main.isForced)
        #expect(main.before == "315f27602bd8315f27602bd8315f27602bd8315f")
        #expect(main.headCommit?.message == "Ship it 🚢\n")
        #expect(main.headCommit?.authorName == "Zoë Dev")
        #expect(main.headCommit?.authorEmail == "zoe@example.com")
        #expect(main.headCommit?.changedFiles.isEmpty == true)

        let tag = try #require(events[2].push)
        #expect(tag.tag == "v2.0.0")
        #expect(tag.isCreation)

        let triggers = try BitbucketWebhookAdapter().buildTriggers(
            TestSupport.request(.bitbucket, event: "repo:push", body: BitbucketFixtures.pushSeveralChanges)
        )
        #expect(triggers.map(\.kind) == [.push(branch: "main"), .tag(name: "v2.0.0")])
        #expect(triggers.allSatisfy { $0.commitSHA == "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2" })
    }

    @Test("parseEvent picks the first change that builds")
    func mainEvent() throws {
        let event = try TestSupport.event(.bitbucket, event: "repo:push", body: BitbucketFixtures.pushSeveralChanges)
        #expect(event.push?.branch == "main")
    }

    @Test("a push that only deletes a branch triggers nothing")
    func deletionOnly() throws {
        let event = try TestSupport.event(.bitbucket, event: "repo:push", body: BitbucketFixtures.pushDeletionOnly)
        #expect(event.push?.isDeletion == true)
        #expect(event.buildTrigger == nil)
    }

    @Test("a push without changes is other")
    func noChanges() throws {
        let body = #"{"repository": {"full_name": "acme/ios-app"}, "push": {"changes": []}}"#
        #expect(try TestSupport.events(.bitbucket, event: "repo:push", body: body) == [.other(name: "repo:push")])
    }

    // MARK: Pull request

    @Test("created and updated trigger; fulfilled and rejected do not")
    func pullRequestActions() throws {
        let cases: [(String, String, PullRequestAction, Bool)] = [
            ("pullrequest:created", "OPEN", .opened, true),
            ("pullrequest:updated", "OPEN", .synchronized, true),
            ("pullrequest:fulfilled", "MERGED", .merged, false),
            ("pullrequest:rejected", "DECLINED", .closed, false),
        ]
        for (key, state, expected, triggers) in cases {
            let event = try TestSupport.event(.bitbucket, event: key, body: BitbucketFixtures.pullRequest(state: state))
            #expect(event.pullRequest?.action == expected, "\(key)")
            #expect((event.buildTrigger != nil) == triggers, "\(key)")
        }
    }

    @Test("pull request fields, abbreviated hashes")
    func pullRequestFields() throws {
        let event = try TestSupport.event(.bitbucket, event: "pullrequest:created", body: BitbucketFixtures.pullRequest(state: "OPEN"))
        let pullRequest = try #require(event.pullRequest)
        #expect(pullRequest.number == 16)
        #expect(pullRequest.title == "Dark mode 🌙")
        #expect(pullRequest.sourceBranch == "luke/dark-mode")
        #expect(pullRequest.targetBranch == "main")
        #expect(pullRequest.headSHA == "1e69a602caef")
        #expect(pullRequest.baseSHA == "1d1f6d3216f1")
        #expect(pullRequest.author == "luke")
        #expect(!pullRequest.isFromFork)
        #expect(pullRequest.url == "https://bitbucket.org/acme/ios-app/pull-requests/16")
    }

    @Test("a pull request from a fork is marked")
    func forkPullRequest() throws {
        let body = BitbucketFixtures.pullRequest(state: "OPEN", sourceRepository: "luke-fork/ios-app")
        let event = try TestSupport.event(.bitbucket, event: "pullrequest:created", body: body)
        #expect(event.pullRequest?.isFromFork == true)
        #expect(event.pullRequest?.sourceCloneURL == "https://bitbucket.org/luke-fork/ios-app.git")
    }

    @Test("a build's pull request origin: the same repository, a fork, or unknown when the source repository is named by neither name nor uuid")
    func pullRequestOrigin() throws {
        let same = try TestSupport.event(.bitbucket, event: "pullrequest:created", body: BitbucketFixtures.pullRequest(state: "OPEN"))
        #expect(same.buildTrigger?.pullRequestOrigin == .sameRepository)
        let fork = try TestSupport.event(.bitbucket, event: "pullrequest:created", body: BitbucketFixtures.pullRequest(state: "OPEN", sourceRepository: "luke-fork/ios-app"))
        #expect(fork.buildTrigger?.pullRequestOrigin == .fork)
        #expect(fork.buildTrigger?.sourceRepository == "luke-fork/ios-app")
        // The source repository's name and uuid gone (a deleted fork): nobody can vouch for it.
        let nameless = BitbucketFixtures.pullRequest(state: "OPEN", sourceRepository: "gone/ios-app")
            .replacingOccurrences(of: #""full_name": "gone/ios-app",\s*"uuid": "\{[^}]*\}","#, with: "", options: .regularExpression)
        #expect(!nameless.contains("\"full_name\": \"gone/ios-app\""), "the fixture changed; this test must change with it")
        let unknown = try TestSupport.event(.bitbucket, event: "pullrequest:created", body: nameless)
        #expect(unknown.pullRequest?.sourceRepository == nil)
        #expect(unknown.buildTrigger?.pullRequestOrigin == .unknown)
    }

    // MARK: Other and headers

    @Test("other pull request keys and repository events are other; diagnostics ping is ping")
    func other() throws {
        let body = BitbucketFixtures.pullRequest(state: "OPEN")
        #expect(try TestSupport.event(.bitbucket, event: "pullrequest:approved", body: body) == .other(name: "pullrequest:approved"))
        #expect(try TestSupport.event(.bitbucket, event: "repo:fork", body: body) == .other(name: "repo:fork"))
        #expect(try TestSupport.event(.bitbucket, event: "diagnostics:ping", body: #"{"test": true}"#) == .ping)
    }

    @Test("X-Request-UUID and X-Event-Key")
    func headers() {
        let adapter = BitbucketWebhookAdapter()
        let request = TestSupport.request(.bitbucket, event: "repo:push", body: "{}", extraHeaders: ["X-Request-UUID": "b5c1d9e2-0000-4a4a-9c9c-1234567890ab"])
        #expect(adapter.deliveryID(request) == "b5c1d9e2-0000-4a4a-9c9c-1234567890ab")
        #expect(adapter.eventName(request) == "repo:push")
        #expect(WebhookProviders.detectProvider(request) == .bitbucket)
    }
}
