import Core
import Foundation
import MemberwiseInit

/// Builds and their jobs: creating, reading and cancelling.
public protocol BuildStore: Sendable {
    /// Creates a build (a manual trigger) with its jobs and audit event, in one transaction.
    func createBuild(_ draft: BuildDraft, audit: AuditEvent) async throws(StoreError) -> Build
    /// One build with its jobs, or nil.
    func build(id: Int64) async throws(StoreError) -> Build?
    /// A build's queue, run and total (``BuildTimes``, "so far" at `now` while it runs), or nil
    /// for an unknown id.
    func buildTimes(id: Int64, now: Date) async throws(StoreError) -> BuildTimes?
    /// The build-wide environment a build was created with (a manual build's `env`, a pull
    /// request's `MOBILE_OPS_BASE_BRANCH`), or nil for an unknown id: what a retry carries over.
    func buildEnvironment(id: Int64) async throws(StoreError) -> [String: String]?
    /// One job, or nil.
    func job(id: Int64) async throws(StoreError) -> Job?
    /// Newest builds first, filtered; `before` is the id cursor of the previous page.
    func builds(_ filter: BuildFilter) async throws(StoreError) -> [Build]
    /// Runs a failed, timed-out or lost job of a build again as a new attempt, with the jobs
    /// canceled because it failed, which wait for it; the build is unfinished again. Records
    /// `audit`, in one transaction. Throws `notFound` for an unknown job, and `conflict` for
    /// one that is not failed, was already retried, belongs to a canceled build or runs a
    /// `devices:` step. Answers the build with its jobs.
    func retryJob(id: Int64, now: Date, audit: AuditEvent) async throws(StoreError) -> Build
    /// Cancels an unfinished build: pending jobs end, running ones are told at their next heartbeat.
    /// - Throws: `StoreError.notFound` for an unknown id, `.conflict` for a finished build.
    func cancelBuild(id: Int64, reason: String, audit: AuditEvent) async throws(StoreError) -> Build
}

/// Which builds to list.
@MemberwiseInit(.public)
public struct BuildFilter: Sendable, Equatable {
    /// Only this repository.
    public var repositoryID: Int64?
    /// Only this pipeline (by name).
    public var pipeline: String?
    /// Only this branch.
    public var branch: String?
    /// Only builds whose author is exactly this (as the git host or the commit named them).
    public var author: String?
    /// Only builds of this pull (merge) request number: a pull request's builds together.
    public var pullRequest: Int?
    /// Only this state.
    public var state: BuildState?
    /// At most this many (1…200).
    public var limit: Int = 50
    /// Only builds with a smaller id (the next page).
    public var before: Int64?
}

