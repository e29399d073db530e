import Core
import Foundation

// MARK: - ReleaseStore

/// Release trains and their releases: definitions, the persisted release state machine, its
/// audit trail and the cadence cursor. SQLite today, PostgreSQL later behind the same protocol.
///
/// The store knows no release rules: the machine is opaque JSON that the caller's closure
/// decodes, changes and hands back *inside* the write transaction, so every transition reads
/// the latest row, and two requests arriving at once are applied one after the other.
public protocol ReleaseStore: Sendable {
    // MARK: Trains

    /// Inserts the train named `name`, or replaces its definition and source; one transaction
    /// with its audit event.
    func saveTrain(name: String, definition: String, source: String, audit: AuditEvent) async throws(StoreError) -> StoredTrain
    /// Every train, by name.
    func trains() async throws(StoreError) -> [StoredTrain]
    /// One train by id, or nil.
    func train(id: Int64) async throws(StoreError) -> StoredTrain?
    /// One train by name (case-insensitive), or nil.
    func train(named name: String) async throws(StoreError) -> StoredTrain?

    // MARK: Cadence

    /// The instant through which the train's cadence has been handled; a train seen for the
    /// first time starts handling from `now` (it never fires for the past).
    func cadenceHandledThrough(trainID: Int64, now: Date) async throws(StoreError) -> Date
    /// Creates `release` for the cadence `occurrence` unless that occurrence (or a later one)
    /// was already handled; the cursor, the release, its first event, the audit and notable
    /// events are one transaction, so an occurrence yields one release across checks,
    /// processes and restarts. Nil when there was nothing to do.
    func startScheduledRelease(_ release: NewRelease, occurrence: Date, now: Date) async throws(StoreError) -> StoredRelease?

    // MARK: Releases

    /// Creates a release (a manual start) with its first event, audit and notable events.
    /// - Throws: `StoreError.conflict` when the train already has a release of that version.
    func createRelease(_ release: NewRelease) async throws(StoreError) -> StoredRelease
    /// One release, or nil.
    func release(id: Int64) async throws(StoreError) -> StoredRelease?
    /// Newest first, optionally of one train and/or in some states, at most `limit` (1…500).
    func releases(trainID: Int64?, states: [String]?, limit: Int) async throws(StoreError) -> [StoredRelease]
    /// A release's events, oldest first.
    func releaseEvents(releaseID: Int64) async throws(StoreError) -> [StoredReleaseEvent]
    /// Runs `body` on the current row inside one write transaction and stores what it
    /// answers: the updated row, its event, audit and notable events, and a new release (a
    /// hotfix) — all or nothing. Errors thrown by `body` roll back and reach the caller as is.
    /// - Throws: `StoreError.notFound` for an unknown id, or `body`'s error.
    func changeRelease(id: Int64, _ body: @Sendable (StoredRelease) throws -> ReleaseChange) async throws -> ReleaseChangeResult
    /// Records (or clears, with nil) what currently keeps the scheduler from moving the
    /// release on, without an event: it is a status, not a transition.
    func setReleaseProblem(id: Int64, problem: String?) async throws(StoreError)
}
