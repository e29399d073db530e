import Core
import Store

// MARK: - Which build a build's findings are compared with

extension FindingsService {
    /// The build findings of `buildID` are compared with, and that build's findings; none
    /// when there is no such build.
    func baseline(of buildID: Int64) async throws -> (BuildFindings.Base?, [StoredFinding]) {
        guard let target = try await store.findingsTarget(buildID: buildID),
              let chosen = try await chooseBaseline(for: target, buildID: buildID)
        else { return (nil, []) }
        let number = try await builds.build(id: chosen.buildID)?.number
        let base = BuildFindings.Base(
            buildID: chosen.buildID, branch: chosen.branch, number: number, commit: chosen.commit,
            reason: chosen.reason.rawValue, explanation: chosen.explanation)
        return (base, try await store.findings(buildID: chosen.buildID))
    }

    /// The merge base's build or its nearest built first parent, else the build of the base
    /// commit the host reported, else the branch's newest earlier build (see
    /// ``FindingsBaseline``).
    func chooseBaseline(for target: FindingsTarget, buildID: Int64) async throws -> FindingsBaseline? {
        var missing: String?
        if let mergeBase = target.mergeBase {
            let candidates = try await store.buildsWithFindings(target, atCommits: mergeBase.firstParents)
            if let found = FindingsBaseline.nearest(to: mergeBase, among: candidates, targetBranch: target.branch) { return found }
            let ancestors = mergeBase.firstParents.count - 1
            missing = "neither the merge base \(FindingsBaseline.short(mergeBase.commit)) nor its \(ancestors) first-parent "
                + "\(ancestors == 1 ? "ancestor" : "ancestors") the agent sent has a build of this pipeline with findings"
        } else if target.isPullRequest, let host = target.hostBaseCommit {
            let candidates = try await store.buildsWithFindings(target, atCommits: [host])
            if let found = FindingsBaseline.atHostBase(host, among: candidates, targetBranch: target.branch) { return found }
            missing = "no agent reported the merge base, and \(FindingsBaseline.short(host)), the commit the git host reported, "
                + "has no build of this pipeline with findings"
        } else if target.isPullRequest {
            missing = "no agent reported the merge base and the git host reported no base commit"
        }
        guard let latest = try await store.latestBuildWithFindings(target, beforeBuild: buildID) else { return nil }
        return FindingsBaseline.latest(latest, target: target, becauseOf: missing)
    }
}
