import Core
import Foundation
import MemberwiseInit

/// Findings per day, tool and rule, in a repository's builds of one branch: the trend rows.
@MemberwiseInit(.public)
public struct FindingTrendRow: Sendable, Equatable, Codable {
    /// The UTC day (`YYYY-MM-DD`) of the builds counted.
    public var day: String
    /// The analyser.
    public var tool: String
    /// The rule.
    public var ruleID: String
    /// The findings of that day's newest build with any, for the tool and rule.
    public var count: Int
}

/// Where a build's findings are compared: its repository and pipeline, and the branch whose
/// builds are the baseline (a pull request's target branch, else the build's own branch).
///
/// The pipeline is part of it because two pipelines of one repository may run different
/// analysers: a lint pipeline's pull request compared with `main`'s unit-test build would see
/// every finding as new.
@MemberwiseInit(.public)
public struct FindingsTarget: Sendable, Equatable {
    /// The build's repository.
    public var repositoryID: Int64
    /// The branch whose newest finished build with findings is the baseline when no merge
    /// base is known: a pull request's target branch, else the build's own.
    public var branch: String
    /// The build's pipeline: only its builds are baselines.
    public var pipeline: String
    /// Whether the build is a pull request's.
    public var isPullRequest: Bool = false
    /// A pull request's target-branch commit as the git host reported it
    /// (`MOBILE_OPS_BASE_COMMIT` in the build's environment).
    public var hostBaseCommit: String?
    /// A pull request's merge base, as an agent reported it from its checkout.
    public var mergeBase: MergeBase?
}

/// A finished build with findings, and the commit it built: a candidate baseline.
@MemberwiseInit(.public)
public struct BuildAtCommit: Sendable, Equatable {
    /// The build.
    public var buildID: Int64
    /// Its commit.
    public var commitSHA: String
    /// Its branch (none for a tag's build).
    public var branch: String?
}

/// Analysers' findings, stored per build and per report so that a report sent again
/// replaces itself rather than doubling.
public protocol FindingStore: Sendable {
    /// Stores the findings one report (`source`: the step and file, or the API caller's name)
    /// gave for `buildID`, replacing what that source stored for the build before, in one
    /// transaction. Throws `StoreError.notFound` for an unknown build.
    func replaceFindings(buildID: Int64, source: String, findings: [StoredFinding], at: Date) async throws(StoreError)
    /// Stores the findings one report (`report`: its path in the checkout) of job `jobID` gave,
    /// if `agentID` holds the job and it is still running, under the job's own source for that
    /// report (``StoredFinding/jobSource(stepKey:shardIndex:shardCount:report:)``), replacing
    /// what it stored there before, in one transaction. Answers the job's build. Throws
    /// `StoreError.jobNotHeld` for a job the agent does not hold (or that does not exist).
    func replaceJobFindings(jobID: Int64, agentID: Int64, report: String, findings: [StoredFinding], at: Date) async throws(StoreError) -> Int64
    /// Every finding stored for `buildID`, by tool, path, line and rule.
    func findings(buildID: Int64) async throws(StoreError) -> [StoredFinding]
    /// What `buildID`'s findings are compared with: nil for an unknown build, one without a
    /// repository or branch, or a pull request whose target branch was not recorded. A pull
    /// request's target carries the base commit its host reported and the merge base an agent
    /// recorded, when there are.
    func findingsTarget(buildID: Int64) async throws(StoreError) -> FindingsTarget?
    /// Records the merge base the agent holding job `jobID` found in its checkout for the job's
    /// build, replacing one recorded before (every job of a build finds the same). Answers the
    /// job's build. Throws `StoreError.jobNotHeld` unless the agent holds the job and it runs.
    func recordMergeBase(_ mergeBase: MergeBase, jobID: Int64, agentID: Int64, at: Date) async throws(StoreError) -> Int64
    /// The newest finished build (passed or failed) of `target`'s pipeline in its repository on
    /// its branch with stored findings, created before `beforeBuild`: the baseline when no
    /// merge base is known.
    func latestBuildWithFindings(_ target: FindingsTarget, beforeBuild: Int64) async throws(StoreError) -> Int64?
    /// The finished builds (passed or failed) of `target`'s pipeline in its repository, not of
    /// a pull request, with stored findings, whose commit is one of `commits`: newest first.
    /// Where a merge base's build, or its nearest built ancestor's, is found.
    func buildsWithFindings(_ target: FindingsTarget, atCommits commits: [String]) async throws(StoreError) -> [BuildAtCommit]
    /// Per UTC day in `[from, to)`, the unsuppressed findings of that day's newest build with
    /// findings of each pipeline of `repositoryID` on `branch`, summed per tool and rule (a day with a lint
    /// build and a test build counts both, instead of whichever ran last).
    func findingTrend(repositoryID: Int64, branch: String, from: Date, to: Date) async throws(StoreError) -> [FindingTrendRow]
}
