import Core
import Foundation
import Logging
import MemberwiseInit
import ReleaseTrain
import Scheduling
import Store

// MARK: - ReleaseDriver

/// Moves releases along by doing what each automatic step needs in the outside world, then
/// recording it through ``ReleaseService``: cut the branch through the git host, start the
/// RC build through the CI loop and watch it, submit when every gate is signed, follow the
/// review and step the rollout.
///
/// Side effects happen before the transition that records them and are safe to repeat (an
/// existing branch counts as cut), so a server stopped in between simply redoes the step.
/// The scheduler calls ``checkOnce(now:)``; the API calls the manual actions.
@MemberwiseInit(.public)
public struct ReleaseDriver: Sendable {
    let releases: ReleaseService
    let catalog: TrainCatalog
    let repositories: any RepositoryStore
    /// The builds: a release's candidate is one.
    public let builds: any BuildStore
    let planner: BuildPlanner
    let dispatcher: JobDispatcher
    let cutter: GitBranchCutter
    let distribution: DistributionClients
    let logger: Logger
    /// Keeps the scheduler's steps and people's actions on one release from interleaving.
    public let serializer = ReleaseSerializer()

    /// The actor automatic steps are recorded under.
    public static let actor = "scheduler"
    /// States the scheduler drives; a release halted in its rollout is still read from the
    /// stores (and a store that was not halted keeps going).
    public static let activeStates: [ReleaseState] = [.scheduled, .branchCut, .buildingRC, .awaitingSignoff, .submitting, .inReview, .rollingOut, .halted]

    // MARK: Checking

    /// One pass at `now`: starts the releases the cadences owe, then moves every active
    /// release as far as it can go. Answers the releases started.
    @discardableResult
    public func checkOnce(now: Date) async -> [StoredRelease] {
        let started = await startDueReleases(now: now)
        let active: [StoredRelease]
        do { active = try await releases.store.releases(trainID: nil, states: Self.activeStates.map(\.rawValue), limit: 500) } catch {
            logger.error("release check could not list releases", metadata: ["error": "\(error)"])
            return started
        }
        for release in active.reversed() {
            await drive(releaseID: release.id, now: now)
        }
        return started
    }

    /// Starts, per train with a cadence, the newest occurrence not handled yet (once, even
    /// after a restart; older missed ones are only counted in the start event).
    public func startDueReleases(now: Date) async -> [StoredRelease] {
        let trains: [TrainCatalog.Entry]
        do { trains = try await catalog.all() } catch {
            logger.error("release check could not list trains", metadata: ["error": "\(error)"])
            return []
        }
        var started: [StoredRelease] = []
        for train in trains where train.definition.cadence != .manual {
            do {
                let handled = try await releases.store.cadenceHandledThrough(trainID: train.stored.id, now: now)
                let due = train.definition.cadence.catchUp(lastStart: handled, now: now)
                guard let occurrence = due.occurrence else { continue }
                if let release = try await releases.start(train, actor: Self.actor, now: now, occurrence: occurrence) {
                    logger.info("release started on cadence", metadata: [
                        "train": "\(train.stored.name)", "version": "\(release.version)", "missed": "\(due.missed)",
                    ])
                    started.append(release)
                }
            } catch {
                logger.error("cadence start failed", metadata: ["train": "\(train.stored.name)", "error": "\(error)"])
            }
        }
        return started
    }

    /// Takes automatic steps on one release until it waits for something, then makes sure
    /// what it shows of the App Store was read in this pass.
    public func drive(releaseID: Int64, now: Date) async {
        _ = try? await serializer.run(releaseID) {
            for _ in 0..<10 {
                do {
                    guard let release = try await releases.store.release(id: releaseID) else { return }
                    let train = try await catalog.train(id: release.trainID)
                    guard try await step(release, train: train, now: now) else {
                        await readAppStoreWhileWaiting(releaseID, train: train, now: now)
                        return
                    }
                } catch {
                    await report(problem: "\(error)", on: releaseID)
                    return
                }
            }
        }
    }

    /// One automatic step, if the release's state has one that can be taken now.
    private func step(_ release: StoredRelease, train: TrainCatalog.Entry, now: Date) async throws -> Bool {
        let machine = try ReleaseService.decode(release.machine)
        switch machine.state {
        case .scheduled:
            try await cutBranch(release, train: train, actor: Self.actor, now: now)
        case .branchCut:
            // After a rejection or a failed RC the fix needs a new commit first: a person advances.
            if let rejection = machine.rejection {
                await report(problem: "rejected by App Review (\(rejection)); push a fix to \(release.branch) and advance the release to build a new candidate", on: release.id)
                return false
            }
            guard release.rcBuildID == nil else {
                await report(problem: "release candidate build \(release.rcBuildID.map(String.init) ?? "") failed; push a fix to \(release.branch) and advance the release", on: release.id)
                return false
            }
            try await startCandidate(release, train: train, actor: Self.actor, now: now)
        case .buildingRC:
            return try await watchCandidate(release, now: now)
        case .awaitingSignoff:
            guard machine.isReadyToSubmit else { return false }
            try await releases.apply(.submit, to: release.id, actor: Self.actor, at: now)
        case .submitting:
            return try await submit(release, train: train, now: now)
        case .inReview:
            return try await followReview(release, train: train, now: now)
        case .rollingOut:
            return try await stepRollout(release, train: train, machine: machine, now: now)
        case .halted where machine.haltedFrom == .rollingOut:
            return try await stepRollout(release, train: train, machine: machine, now: now)
        case .halted, .released, .failed, .canceled:
            return false
        }
        return true
    }

    // MARK: Branch and release candidate

    /// Cuts the release branch (from the default branch; a hotfix from its base release's
    /// branch), or finds it pushed by hand, then records `cut_branch` saying which.
    public func cutBranch(_ release: StoredRelease, train: TrainCatalog.Entry, actor: String, now: Date) async throws {
        let repository = try await repository(of: train)
        var source = repository.defaultBranch
        if case .hotfix(let base) = try ReleaseService.decode(release.machine).kind,
           let baseRelease = try await releases.store.releases(trainID: train.stored.id, states: nil, limit: 500).first(where: { $0.version == base }) {
            source = baseRelease.branch
        }
        let cut = try await cutter.cut(branch: release.branch, from: source, in: repository)
        logger.info("release branch cut", metadata: ["branch": "\(release.branch)", "from": "\(source)", "sha": "\(cut.sha ?? "?")"])
        try await releases.apply(.cutBranch, to: release.id, actor: actor, at: now, detail: cut.detail)
    }

    /// Creates the RC build of the train's `rc_pipeline` on the release branch, then records
    /// `rc_build_started` with its id; a build whose transition lost a race is canceled.
    public func startCandidate(_ release: StoredRelease, train: TrainCatalog.Entry, actor: String, now: Date) async throws {
        let repository = try await repository(of: train)
        var draft = try planner.manualDraft(
            pipeline: train.definition.rcPipeline, repository: repository, branch: release.branch, commitSHA: release.branch,
            env: ["MOBILE_OPS_RELEASE_ID": String(release.id), "MOBILE_OPS_RELEASE_VERSION": release.version], author: "release-train"
        )
        // Built as a manual build is (the pipeline must allow one), but listed as what it is.
        draft.trigger = "release"
        let build = try await builds.createBuild(draft, audit: AuditEvent(occurredAt: now, actor: actor, action: "build.create", subject: "build", detail: "release candidate of \(release.version)"))
        dispatcher.wake()
        do {
            try await releases.apply(.rcBuildStarted, to: release.id, actor: actor, at: now) { stored, _, _ in stored.rcBuildID = build.id }
        } catch {
            _ = try? await builds.cancelBuild(id: build.id, reason: "the release moved on", audit: AuditEvent(occurredAt: now, actor: actor, action: "build.cancel", subject: "build:\(build.id)"))
            throw error
        }
    }

    /// Records the RC build's outcome once it has one.
    private func watchCandidate(_ release: StoredRelease, now: Date) async throws -> Bool {
        guard let id = release.rcBuildID, let build = try await builds.build(id: id) else { return false }
        switch build.state {
        case .passed:
            try await releases.apply(.rcBuildPassed, to: release.id, actor: Self.actor, at: now)
        case .failed, .canceled:
            try await releases.apply(.rcBuildFailed(reason: "release candidate build #\(build.number) \(build.state.rawValue)"), to: release.id, actor: Self.actor, at: now)
        case .pending, .running:
            return false
        }
        return true
    }

    // MARK: Helpers

    /// The registered repository the train cuts branches in.
    public func repository(of train: TrainCatalog.Entry) async throws -> Repository {
        guard let repository = try await repositories.repository(named: train.definition.repository) else {
            throw ServiceError(.conflict, code: "repository_not_registered", message: "repository \(train.definition.repository) of train \(train.stored.name) is not registered; add it with `mobile-ops repos add \(train.definition.repository) --provider … --clone-url …`")
        }
        return repository
    }

    /// Records what keeps a release waiting, logging it only when it changes.
    public func report(problem: String?, on releaseID: Int64) async {
        guard let current = try? await releases.store.release(id: releaseID), current.problem != problem else { return }
        try? await releases.store.setReleaseProblem(id: releaseID, problem: problem)
        if let problem { logger.warning("release waits", metadata: ["release": "\(releaseID)", "problem": "\(problem)"]) }
    }
}
