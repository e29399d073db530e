import Core
import Foundation
import Synchronization

// MARK: - EncodedBuildDraft

/// A build draft with its JSON columns already encoded.
///
/// Encoding the environment, each job's plan and requirements is most of the CPU a build
/// insert costs. Done before the write transaction (on the request's own task, in
/// parallel), it leaves the single writer only what it alone can do.
public struct EncodedBuildDraft: Sendable {
    /// The draft.
    public let draft: BuildDraft
    /// The environment as a JSON object.
    package let env: String
    /// Per job, its plan as JSON; nil where the plan needs the database first (a UI-test
    /// step's suite durations), so it is encoded inside the transaction.
    package let plans: [String?]
    /// Per job, its canonical requirements key.
    package let requirementsKeys: [String]

    /// Encodes `draft`.
    /// - Throws: `StoreError.database` if a value cannot be encoded as JSON.
    public init(_ draft: BuildDraft) throws(StoreError) {
        self.draft = draft
        env = JSONText.object(draft.env)
        let jobs: [EncodedJob]
        do {
            jobs = try draft.jobs.map { job in
                job.spec.uiTests == nil
                    ? try Self.plans.encoded(job.spec)
                    : EncodedJob(plan: nil, requirementsKey: StoreJSON.requirementsKey(job.spec.requirements))
            }
        } catch {
            throw StoreError.database("the build of \(draft.pipeline) cannot be encoded: \(error)")
        }
        plans = jobs.map(\.plan)
        requirementsKeys = jobs.map(\.requirementsKey)
    }

    /// Every build of a pipeline step carries the same spec, so its JSON is kept.
    private static let plans = JobPlanCache()
}

// MARK: - JobPlanCache

/// A job spec's JSON columns: its plan (nil until the transaction for a UI-test step) and its
/// canonical requirements key.
private struct EncodedJob: Sendable {
    let plan: String?
    let requirementsKey: String
}

/// The JSON columns of recently encoded job specs.
///
/// Comparing a spec with a kept one costs far less than `JSONEncoder`, which both columns
/// need; the specs in use are the steps of the pipelines that are building, so a few dozen
/// cover a busy server.
private final class JobPlanCache: Sendable {
    private static let capacity = 64
    private let entries = Mutex<[(spec: JobSpec, job: EncodedJob)]>([])

    /// The spec's columns, from the cache or encoded (and kept, dropping the oldest).
    func encoded(_ spec: JobSpec) throws -> EncodedJob {
        if let job = entries.withLock({ $0.first { $0.spec == spec }?.job }) { return job }
        let job = EncodedJob(plan: try StoreJSON.encode(spec), requirementsKey: StoreJSON.requirementsKey(spec.requirements))
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append((spec, job))
        }
        return job
    }
}
