import Testing
@testable import Webhooks

/// A push is parsed with only `GitHubWebhookAdapter.pushMembers` built; that list must hold
/// every member `push(_:)` reads, or a field would silently come out empty.
@Suite("GitHub push members")
struct GitHubPushMembersTests {
    @Test("a push read from its members alone equals the push read from the whole payload", arguments: [
        GitHubFixtures.pushToBranch, GitHubFixtures.pushTag, GitHubFixtures.pushBranchDeletion,
        GitHubFixtures.createBranch, GitHubFixtures.deleteTag,
    ])
    func membersCoverThePush(body: String) throws {
        let bytes = Array(body.utf8)
        let whole = GitHubWebhookAdapter.push(try JSONValue.parseObject(bytes))
        let members = GitHubWebhookAdapter.push(try JSONValue.parseObject(bytes, onlyMembers: GitHubWebhookAdapter.pushMembers))
        #expect(whole != nil)
        #expect(members == whole)
    }

    @Test("a push whose other members are not JSON is still refused")
    func otherMembersAreStillChecked() {
        let body = Array(#"{"ref": "refs/heads/main", "repository": {"name": tru}}"#.utf8)
        #expect(throws: WebhookError.self) {
            try JSONValue.parseObject(body, onlyMembers: GitHubWebhookAdapter.pushMembers)
        }
    }
}
