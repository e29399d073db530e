import Core
import Foundation
import Scheduling
import Testing
import Webhooks

extension BuildPlannerTests {
    @Test("a pull request's origin reaches its drafts; a push has none; a retry keeps its original's, and an older pull request build without one stays unknown")
    func pullRequestOrigin() throws {
        try Self.withPlanner { planner throws in
            let ios = Self.repository(1, "acme/ios-app")
            let sha = String(repeating: "a", count: 40)
            let pullRequest = BuildTrigger.Kind.pullRequest(number: 4, sourceBranch: "feature", targetBranch: "main")
            let fork = BuildTrigger(kind: pullRequest, commitSHA: sha, isFromFork: true, sourceRepository: "contributor/ios-app")
            let deleted = BuildTrigger(kind: pullRequest, commitSHA: sha, isFromFork: true)
            let same = BuildTrigger(kind: pullRequest, commitSHA: sha, isFromFork: false, sourceRepository: "acme/ios-app")
            #expect(planner.drafts(for: fork, repository: ios, message: nil, author: nil).map(\.pullRequestOrigin) == [.fork])
            #expect(planner.drafts(for: deleted, repository: ios, message: nil, author: nil).map(\.pullRequestOrigin) == [.unknown])
            #expect(planner.drafts(for: same, repository: ios, message: nil, author: nil).map(\.pullRequestOrigin) == [.sameRepository])
            #expect(BuildTrigger(kind: .push(branch: "main"), commitSHA: sha).pullRequestOrigin == nil)

            var original = Build(
                id: 9, repositoryID: 1, number: 3, pipeline: "ios-pr", state: .failed, trigger: "pull_request", branch: "feature", tag: nil,
                commitSHA: sha, pullRequest: 4, pullRequestOrigin: .fork, message: nil, author: "dev", concurrencyGroup: nil, priority: 0,
                cancelReason: nil, createdAt: Date(timeIntervalSince1970: 0), startedAt: nil, finishedAt: nil)
            #expect(try planner.retryDraft(of: original, repository: ios, env: [:]).pullRequestOrigin == .fork)
            original.pullRequestOrigin = nil
            #expect(try planner.retryDraft(of: original, repository: ios, env: [:]).pullRequestOrigin == .unknown, "never upgraded to trusted")
            original.pullRequest = nil
            original.trigger = "manual"
            #expect(try planner.retryDraft(of: original, repository: ios, env: [:]).pullRequestOrigin == nil)
        }
    }
}
