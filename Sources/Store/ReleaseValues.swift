import Core
import Foundation
import MemberwiseInit

// MARK: - StoredTrain

/// A train definition as stored: the definition itself is JSON the `ReleaseTrain` module reads.
@MemberwiseInit(.public)
public struct StoredTrain: Codable, Sendable, Equatable, Identifiable {
    /// Server-assigned id.
    public var id: Int64
    /// The train's slug, unique case-insensitively.
    public var name: String
    /// The definition as JSON (the train file's keys).
    public var definition: String
    /// Where it came from: `file:<path>` or `api`.
    public var source: String
    /// When it was first stored.
    public var createdAt: Date
    /// When it was last replaced.
    public var updatedAt: Date
}

// MARK: - StoredRelease

/// One release as stored: the machine JSON plus the columns the scheduler and queries need.
@MemberwiseInit(.public)
public struct StoredRelease: Codable, Sendable, Equatable, Identifiable {
    /// Server-assigned id.
    public var id: Int64
    /// The train.
    public var trainID: Int64
    /// The version, unique within the train.
    public var version: String
    /// `regular` or `hotfix`.
    public var kind: String
    /// The persisted release state machine (JSON).
    public var machine: String
    /// The machine's state, as its own column for queries.
    public var state: String
    /// The release (or hotfix) branch.
    public var branch: String
    /// The release-candidate build, once started.
    public var rcBuildID: Int64?
    /// Store identifiers (package name, version codes, app id, …) as JSON.
    public var storeIDs: String
    /// The Google Play rollout step reached (index into the plan), if any.
    public var rolloutStepIndex: Int?
    /// When that step was entered, for the soak time.
    public var rolloutEnteredAt: Date?
    /// What currently keeps the scheduler from moving on, if anything.
    public var problem: String?
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
}

// MARK: - StoredReleaseEvent

/// One audit event of a release: who did what, when, from which state to which, and why.
@MemberwiseInit(.public)
public struct StoredReleaseEvent: Codable, Sendable, Equatable {
    /// The outbox message kind announcing each release step.
    public static let outboxKind = "release_step"

    /// Storage id; nil before it is stored.
    public var id: Int64?
    /// The release; filled in by the store.
    public var releaseID: Int64 = 0
    /// The action's API name, e.g. `approve`.
    public var action: String
    /// The state before.
    public var from: String
    /// The state after.
    public var to: String
    /// Who did it.
    public var actor: String
    /// When.
    public var at: Date
    /// Why, or what exactly; may be empty.
    public var detail: String
}

// MARK: - NewRelease

/// A release about to be created, with what its creation records.
@MemberwiseInit(.public)
public struct NewRelease: Sendable, Equatable {
    /// The train.
    public var trainID: Int64
    /// The version.
    public var version: String
    /// `regular` or `hotfix`.
    public var kind: String
    /// The initial machine (JSON).
    public var machine: String
    /// The initial state.
    public var state: String
    /// The branch it will be cut on.
    public var branch: String
    /// Store identifiers (JSON).
    public var storeIDs: String
    /// The first event (`release_id` is filled in by the store).
    public var event: StoredReleaseEvent
    /// The audit log entry (`subject` is set to `release:<id>`).
    public var audit: AuditEvent
    /// The feed entry, if the start is news.
    public var notable: NotableEvent?
}

// MARK: - ReleaseChange

/// What one transition writes; `event == nil` means "nothing changed", and nothing is written.
@MemberwiseInit(.public)
public struct ReleaseChange: Sendable {
    /// The row to store (its id must be the one read).
    public var release: StoredRelease
    /// The release event; nil to write nothing at all.
    public var event: StoredReleaseEvent?
    /// The audit log entry.
    public var audit: AuditEvent?
    /// The feed entry, for notable steps.
    public var notable: NotableEvent?
    /// A release to create in the same transaction (a hotfix).
    public var newRelease: NewRelease?
}

/// What ``ReleaseStore/changeRelease(id:_:)`` wrote.
@MemberwiseInit(.public)
public struct ReleaseChangeResult: Sendable, Equatable {
    /// The release as stored now.
    public var release: StoredRelease
    /// The release created alongside (a hotfix), if any.
    public var created: StoredRelease?
    /// Whether anything was written.
    public var changed: Bool
}
