import Core
import Foundation
import Scheduling
import Store
import Testing

/// Which stored secret a build may have under a name, decided from the build alone.
struct SecretPolicyTests {
    static func secret(_ name: String, repository: Int64 = 1, pipeline: String? = nil, branches: [String]? = nil, pullRequests: Bool = false, tag: UInt8 = 0) -> StoredSecret {
        StoredSecret(
            repositoryID: repository, name: name, pipeline: pipeline, branches: branches, pullRequests: pullRequests, kind: .env, sealed: [tag],
            keyFingerprint: "k", valueFingerprint: "v", size: 1, createdAt: Date(timeIntervalSince1970: 0), createdBy: "a",
            updatedAt: Date(timeIntervalSince1970: 0), updatedBy: "a")
    }

    static func build(repository: Int64? = 1, pipeline: String = "release", branch: String? = "main", pullRequest: Int? = nil, origin: PullRequestOrigin? = nil) -> Build {
        Build(
            id: 1, repositoryID: repository, number: 1, pipeline: pipeline, state: .running, trigger: pullRequest == nil ? "push" : "pull_request",
            branch: branch, tag: nil, commitSHA: "abc", pullRequest: pullRequest, pullRequestOrigin: origin, message: nil, author: nil,
            concurrencyGroup: nil, priority: 0, cancelReason: nil, createdAt: Date(timeIntervalSince1970: 0), startedAt: nil, finishedAt: nil)
    }

    @Test("repository, pipeline (its own beats the shared one) and branch patterns decide; each refusal says why")
    func scope() {
        let rows = [
            Self.secret("KEY", branches: ["main", "release/**"], tag: 1), Self.secret("KEY", pipeline: "release", branches: ["release/*"], tag: 2),
            Self.secret("OTHER", repository: 2), Self.secret("NIGHTLY", pipeline: "nightly"),
        ]
        #expect(SecretPolicy.decide(name: "KEY", rows: rows, build: Self.build(pipeline: "ios", branch: "release/2.1/hotfix")) == .given(rows[0]))
        #expect(SecretPolicy.decide(name: "KEY", rows: rows, build: Self.build(branch: "release/2.1")) == .given(rows[1]))
        #expect(SecretPolicy.decide(name: "KEY", rows: rows, build: Self.build(branch: "main"))
            == .denied("branch main does not match the secret's branches release/*"), "the pipeline's own secret decides, not the shared one")
        #expect(SecretPolicy.decide(name: "KEY", rows: rows, build: Self.build(branch: nil))
            == .denied("the build has no branch (a tag build), and the secret is limited to branches release/*"))
        #expect(SecretPolicy.decide(name: "OTHER", rows: rows, build: Self.build())
            == .denied("no secret named OTHER is set for this repository and pipeline release"), "another repository's secret")
        #expect(SecretPolicy.decide(name: "NIGHTLY", rows: rows, build: Self.build())
            == .denied("no secret named NIGHTLY is set for this repository and pipeline release"))
        #expect(SecretPolicy.decide(name: "KEY", rows: rows, build: Self.build(repository: nil)) == .denied("the build has no repository, and secrets belong to one"))
    }

    @Test("a pull request gets only secrets marked for pull requests; a fork's, or one of unknown origin, none whatever is stored")
    func pullRequests() {
        let rows = [Self.secret("OPEN", pullRequests: true), Self.secret("CLOSED")]
        let same = Self.build(branch: "feature", pullRequest: 3, origin: .sameRepository)
        #expect(SecretPolicy.decide(name: "OPEN", rows: rows, build: same) == .given(rows[0]))
        guard case .denied(let reason) = SecretPolicy.decide(name: "CLOSED", rows: rows, build: same) else { Issue.record("given"); return }
        #expect(reason.hasPrefix("pull request build: the secret is not given to pull requests"))
        #expect(SecretPolicy.decide(name: "OPEN", rows: rows, build: Self.build(pullRequest: 3, origin: .fork))
            == .denied("pull request from a fork: secrets are never given to forks"))
        for origin in [PullRequestOrigin.unknown, nil] {
            guard case .denied(let unknown) = SecretPolicy.decide(name: "OPEN", rows: rows, build: Self.build(pullRequest: 3, origin: origin)) else {
                Issue.record("an unknown origin was given a secret"); continue
            }
            #expect(unknown.contains("counts as a fork"))
        }
    }
}
