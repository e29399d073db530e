import Core
import Foundation
import MemberwiseInit
import ReleaseTrain
import Store

// MARK: - ReleaseService

/// Applies the release state machine to stored releases: each action is one transaction
/// that re-reads the release, applies ``ReleaseMachine/apply(_:actor:at:)``, and stores the
/// machine, its event, an audit event and (for notable steps) a feed entry.
///
/// Store and git side effects live in ``ReleaseDriver``; this type only records.
@MemberwiseInit(.public)
public struct ReleaseService: Sendable {
    /// The stored releases and their events.
    public let store: any ReleaseStore
    /// The trains the releases belong to.
    public let catalog: TrainCatalog

    /// States whose arrival is news for the feed (`release.<state>`).
    public static let notableStates: Set<ReleaseState> = [
        .scheduled, .awaitingSignoff, .inReview, .rollingOut, .released, .halted, .failed, .canceled,
    ]

    // MARK: Starting

    /// Starts a regular release of `train`: the next version after the train's newest regular
    /// release, whatever became of it, on its release branch, in `scheduled`. A canceled or
    /// failed version's number is not used again: it may already have reached a store (a Play
    /// version code or an App Store version cannot be reused), so the next release takes the
    /// next number. With `occurrence` it is the cadence's
    /// start, created at most once per occurrence. A `requestedVersion` (a release manager's
    /// choice) replaces the derived one; it must be a semantic version no release of the train used.
    public func start(
        _ train: TrainCatalog.Entry, actor: String, now: Date, distributionIDs: ReleaseDistributionIDs? = nil, occurrence: Date? = nil,
        requestedVersion: String? = nil
    ) async throws -> StoredRelease? {
        let existing = try await store.releases(trainID: train.stored.id, states: nil, limit: 500)
        let newest = existing.first { $0.kind == "regular" }
        let version: String
        if let requestedVersion {
            do { _ = try SemanticVersion(parsing: requestedVersion) } catch {
                throw ServiceError.badRequest("version '\(requestedVersion.prefix(64))' is not a semantic version (MAJOR.MINOR.PATCH): \(error)", code: "invalid_version")
            }
            if existing.contains(where: { $0.version == requestedVersion }) {
                throw ServiceError(.conflict, code: "version_taken", message: "\(train.stored.name) already has a release \(requestedVersion)")
            }
            version = requestedVersion
        } else {
            do {
                version = try train.definition.versionScheme.nextVersion(after: newest?.version, at: now, timeZone: Self.timeZone(of: train.definition))
            } catch {
                throw ServiceError(.conflict, code: "version_unavailable", message: "cannot derive the next version of \(train.stored.name): \(error)")
            }
        }
        let ids = distributionIDs ?? existing.first.map { ReleaseDistributionIDs.decode($0.storeIDs).carriedOver } ?? ReleaseDistributionIDs()
        let draft = try newRelease(
            train, machine: ReleaseMachine(version: version, requiredGates: train.definition.signoffGates),
            branch: train.definition.releaseBranch(for: version), distributionIDs: ids, actor: actor, now: now,
            detail: occurrence.map { "started by the cadence (\(train.definition.cadence)) for \($0.formatted(.iso8601))" } ?? "started by \(actor)"
        )
        if let occurrence {
            return try await store.startScheduledRelease(draft, occurrence: occurrence, now: now)
        }
        return try await store.createRelease(draft)
    }

    /// The draft of a new release in its initial state, with its first event.
    public func newRelease(
        _ train: TrainCatalog.Entry, machine: ReleaseMachine, branch: String, distributionIDs: ReleaseDistributionIDs, actor: String, now: Date, detail: String
    ) throws -> NewRelease {
        let kind = machine.kind.isHotfix ? "hotfix" : "regular"
        let event = StoredReleaseEvent(action: "start", from: machine.state.rawValue, to: machine.state.rawValue, actor: actor, at: now, detail: detail)
        return NewRelease(
            trainID: train.stored.id, version: machine.version, kind: kind, machine: try Self.encode(machine),
            state: machine.state.rawValue, branch: branch, storeIDs: distributionIDs.json, event: event,
            audit: AuditEvent(occurredAt: now, actor: actor, action: "release.start", subject: "release", detail: "\(train.stored.name) \(machine.version)"),
            notable: NotableEvent(
                kind: "release.scheduled", title: "\(train.stored.name) \(machine.version) started",
                summary: "\(kind == "hotfix" ? "Hotfix" : "Release") \(machine.version) of \(train.stored.name) on \(branch): \(detail).", occurredAt: now
            )
        )
    }

    // MARK: Transitions

    /// Applies `action` in one transaction; `update` may change the stored columns (branch,
    /// RC build, store ids, rollout step) in the same write. `detail` says what was done when
    /// the action itself does not (how the branch came to exist).
    /// - Throws: ``ReleaseTransitionError`` (409 with the allowed actions), `StoreError.notFound`.
    @discardableResult
    public func apply(
        _ action: ReleaseAction, to id: Int64, actor: String, at now: Date, detail: String? = nil,
        update: @escaping @Sendable (inout StoredRelease, inout ReleaseDistributionIDs, ReleaseMachine) throws -> Void = { _, _, _ in }
    ) async throws -> ReleaseChangeResult {
        // Read outside the transaction: the database is not re-entrant inside a write.
        guard let before = try await store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
        let train = try await catalog.train(id: before.trainID)
        return try await store.changeRelease(id: id) { current in
            let machine = try Self.decode(current.machine)
            let transition = try machine.apply(action, actor: actor, at: now)
            guard transition.changed else { return ReleaseChange(release: current, event: nil) }
            var release = current
            var ids = ReleaseDistributionIDs.decode(current.storeIDs)
            release.machine = try Self.encode(transition.release)
            release.state = transition.release.state.rawValue
            // A step that went through is no longer blocked by whatever held it before.
            release.problem = nil
            try update(&release, &ids, transition.release)
            release.storeIDs = ids.json
            var event = transition.event
            if let detail, event.detail.isEmpty { event.detail = detail }
            let name = train.stored.name
            var change = ReleaseChange(
                release: release,
                event: StoredReleaseEvent(action: event.action.rawValue, from: event.from.rawValue, to: event.to.rawValue, actor: actor, at: now, detail: event.detail),
                audit: AuditEvent(occurredAt: now, actor: actor, action: "release.\(event.action.rawValue)", subject: "release", detail: event.detail.isEmpty ? nil : event.detail),
                notable: Self.notable(event, train: name, version: current.version, releaseID: id)
            )
            if let hotfix = transition.hotfix {
                let base = ReleaseDistributionIDs.decode(current.storeIDs).carriedOver
                change.newRelease = try newRelease(
                    train, machine: hotfix, branch: train.definition.hotfixBranch(for: hotfix.version), distributionIDs: base,
                    actor: actor, now: now, detail: "hotfix of \(current.version) started by \(actor)"
                )
            }
            return change
        }
    }

    /// Records what the train did on or read from a store outside a transition of the machine
    /// (a store halted after another, a store stepping on while the other is halted), as one
    /// audited event `action` with `detail`; `change` may update the stored columns too.
    @discardableResult
    public func recordDistribution(
        of id: Int64, action: String, detail: String, actor: String, at now: Date,
        _ change: @escaping @Sendable (inout StoredRelease, inout ReleaseDistributionIDs) -> Void
    ) async throws -> StoredRelease {
        try await store.changeRelease(id: id) { current in
            var release = current
            var ids = ReleaseDistributionIDs.decode(current.storeIDs)
            change(&release, &ids)
            release.storeIDs = ids.json
            let event = StoredReleaseEvent(action: action, from: current.state, to: current.state, actor: actor, at: now, detail: detail)
            return ReleaseChange(release: release, event: event, audit: AuditEvent(occurredAt: now, actor: actor, action: "release.\(action)", subject: "release", detail: detail))
        }.release
    }

    // MARK: Encoding

    /// A release's state machine as stored.
    static func encode(_ machine: ReleaseMachine) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(machine), as: UTF8.self)
    }

    /// A stored state machine read back; a `ServiceError` when this server cannot read it.
    public static func decode(_ json: String) throws -> ReleaseMachine {
        do { return try JSONDecoder().decode(ReleaseMachine.self, from: Data(json.utf8)) } catch {
            throw ServiceError(.internalFailure, code: "unreadable_release", message: "the release is stored in a form this server cannot read")
        }
    }

    /// The zone calendar versions are dated in: the cadence's, else UTC.
    public static func timeZone(of train: TrainDefinition) -> TimeZone {
        if case .weekly(let weekly) = train.cadence { return weekly.timeZone }
        return TimeZone(identifier: "UTC") ?? .current
    }

    /// The feed entry for a step into a notable state, or for a halt.
    public static func notable(_ event: ReleaseEvent, train: String, version: String, releaseID: Int64) -> NotableEvent? {
        guard event.from != event.to, notableStates.contains(event.to) else { return nil }
        let what: String = switch event.to {
        case .awaitingSignoff: "is awaiting sign-off"
        case .inReview: "is in store review"
        case .rollingOut: "is rolling out"
        case .released: "is released to everyone"
        case .halted: "was halted"
        case .failed: "failed"
        case .canceled: "was canceled"
        default: "is \(event.to.rawValue)"
        }
        let why = event.detail.isEmpty ? "" : ": \(event.detail)"
        return NotableEvent(
            kind: "release.\(event.to.rawValue)", title: "\(train) \(version) \(what)",
            summary: "\(event.action.rawValue) by \(event.actor)\(why).", url: "/api/v1/releases/\(releaseID)", occurredAt: event.at
        )
    }
}
