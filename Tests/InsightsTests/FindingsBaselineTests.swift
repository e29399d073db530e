import Core
@testable import Insights
import Store
import Testing

/// Which build a pull request's findings are compared with: the merge base's, else the
/// nearest built first parent's, else the host's base commit's, else the target branch's
/// newest, each saying why.
@Suite("The findings baseline of a pull request")
struct FindingsBaselineTests {
    private static func commit(_ digit: Character) -> String { String(repeating: digit, count: 40) }
    private static let mergeBase = MergeBase(commit: commit("c"), firstParents: ["c", "b", "a"].map(commit))

    @Test("the merge base's newest build wins over every build of an older commit")
    func mergeBaseBuilt() throws {
        let candidates = [
            BuildAtCommit(buildID: 30, commitSHA: Self.commit("a"), branch: "main"),
            BuildAtCommit(buildID: 21, commitSHA: Self.commit("c"), branch: "main"),
            BuildAtCommit(buildID: 20, commitSHA: Self.commit("c"), branch: "main"),
            BuildAtCommit(buildID: 10, commitSHA: Self.commit("b"), branch: "main"),
        ]
        let chosen = try #require(FindingsBaseline.nearest(to: Self.mergeBase, among: candidates, targetBranch: "main"))
        #expect(chosen.buildID == 21 && chosen.reason == .mergeBase && chosen.commit == Self.commit("c"))
        #expect(chosen.explanation == "the build of the merge base cccccccc")
    }

    @Test("an unbuilt merge base falls back to its nearest built first parent, and says how far back")
    func ancestor() throws {
        let candidates = [
            BuildAtCommit(buildID: 30, commitSHA: Self.commit("a"), branch: "main"),
            BuildAtCommit(buildID: 12, commitSHA: Self.commit("b"), branch: "release/2.0"),
            BuildAtCommit(buildID: 40, commitSHA: Self.commit("e"), branch: "main"),
        ]
        let chosen = try #require(FindingsBaseline.nearest(to: Self.mergeBase, among: candidates, targetBranch: "main"))
        #expect(chosen.buildID == 12 && chosen.reason == .mergeBaseAncestor && chosen.branch == "release/2.0")
        #expect(chosen.explanation.contains("the merge base cccccccc was never built") && chosen.explanation.contains("bbbbbbbb, 1 commit before it on main"))
        #expect(FindingsBaseline.nearest(to: Self.mergeBase, among: [candidates[2]], targetBranch: "main") == nil, "a commit outside the first parents is no baseline")
    }

    @Test("the host's base commit is used only at that commit; otherwise the branch's newest build, with why")
    func fallbacks() throws {
        let candidates = [BuildAtCommit(buildID: 8, commitSHA: Self.commit("b"), branch: nil)]
        let host = try #require(FindingsBaseline.atHostBase(Self.commit("b"), among: candidates, targetBranch: "main"))
        #expect(host.buildID == 8 && host.reason == .hostBase && host.branch == "main")
        #expect(FindingsBaseline.atHostBase(Self.commit("a"), among: candidates, targetBranch: "main") == nil)

        let pullRequest = FindingsTarget(repositoryID: 1, branch: "main", pipeline: "lint", isPullRequest: true)
        let latest = FindingsBaseline.latest(5, target: pullRequest, becauseOf: "no agent reported the merge base")
        #expect(latest.reason == .targetBranchLatest && latest.commit == nil)
        #expect(latest.explanation.hasPrefix("no agent reported the merge base, so the newest build of main before this one"))
        let push = FindingsBaseline.latest(5, target: FindingsTarget(repositoryID: 1, branch: "main", pipeline: "lint"), becauseOf: nil)
        #expect(push.reason == .previousBuild)
    }
}
