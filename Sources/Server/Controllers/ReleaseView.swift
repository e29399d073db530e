import Foundation
import ReleaseDriver
import ReleaseTrain
import Store

// MARK: - ReleaseView

/// A release as the API shows it: the machine's state and sign-offs, the branch, the RC
/// build, the rollout and the store identifiers (never credentials), plus its events on
/// `GET /api/v1/releases/{id}`.
struct ReleaseView: Encodable, Sendable {
    var id: Int64
    var trainID: Int64
    var train: String
    var version: String
    var kind: String
    var baseVersion: String?
    var state: String
    var haltedFrom: String?
    var reason: String?
    var branch: String
    var rcBuildID: Int64?
    var requiredGates: [String]
    var approvals: [Approval]
    var missingGates: [String]
    var allowedActions: [String]
    var rolloutPercent: Double
    var rolloutStepIndex: Int?
    var rolloutEnteredAt: Date?
    var store: ReleaseDistributionIDs
    /// Each store's own state and share of users.
    var stores: [String: ReleaseDistributionStatus]
    /// The release candidate build, with the commit it built.
    var rcBuild: CandidateBuild?
    /// What currently keeps the scheduler from moving on.
    var problem: String?
    var createdAt: Date
    var updatedAt: Date
    var events: [StoredReleaseEvent]?

    /// The RC build as a release shows it.
    struct CandidateBuild: Encodable, Sendable {
        var id: Int64
        var number: Int
        var state: String
        var commitSHA: String
    }

    /// The view of `release` on a train shipping to `platforms`; `events` only for the
    /// single-release endpoint.
    init(
        _ release: StoredRelease, trainName: String, platforms: [ReleasePlatform], rcBuild: CandidateBuild? = nil,
        events: [StoredReleaseEvent]? = nil
    ) throws {
        let machine = try ReleaseService.decode(release.machine)
        id = release.id
        trainID = release.trainID
        train = trainName
        version = release.version
        kind = release.kind
        if case .hotfix(let base) = machine.kind { baseVersion = base }
        state = machine.state.rawValue
        haltedFrom = machine.haltedFrom?.rawValue
        reason = machine.reason
        branch = release.branch
        rcBuildID = release.rcBuildID
        requiredGates = machine.requiredGates
        approvals = machine.approvals
        missingGates = machine.missingGates
        // What a person can do; the train's own steps are behind `advance`.
        allowedActions = machine.userActions.map(\.rawValue)
        rolloutStepIndex = release.rolloutStepIndex
        rolloutEnteredAt = release.rolloutEnteredAt
        store = ReleaseDistributionIDs.decode(release.storeIDs)
        // The lowest share the stores were seen at, not what a person's `advance` claimed.
        rolloutPercent = platforms.isEmpty ? machine.rolloutPercent : ReleaseDriver.lowestShare(store, platforms: platforms)
        stores = ReleaseDistributionStatus.all(machine: machine, ids: store, platforms: platforms)
        self.rcBuild = rcBuild
        problem = release.problem
        createdAt = release.createdAt
        updatedAt = release.updatedAt
        self.events = events
    }
}

// MARK: - TrainView

/// A train as the API shows it: its definition in the file's keys, where it came from, when
/// its cadence starts the next release, and what it names that the server does not know.
struct TrainView: Encodable, Sendable {
    var id: Int64
    var name: String
    var source: String
    var definition: TrainDefinition
    var nextStart: Date?
    /// An unregistered repository, an RC pipeline not loaded; empty when the train can run.
    var problems: [String]
    var createdAt: Date
    var updatedAt: Date

    init(_ entry: TrainCatalog.Entry, now: Date, problems: [String]) {
        id = entry.stored.id
        name = entry.stored.name
        source = entry.stored.source
        definition = entry.definition
        nextStart = entry.definition.cadence.nextOccurrence(after: now)
        self.problems = problems
        createdAt = entry.stored.createdAt
        updatedAt = entry.stored.updatedAt
    }
}
