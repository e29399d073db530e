import Core
import Foundation

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
    let env: String
    /// Per job, its plan as JSON; nil where the plan needs the database first (a UI-test
    /// step's suite durations), so it is encoded inside the transaction.
    let plans: [String?]
    /// Per job, its canonical requirements key.
    let requirementsKeys: [String]

    /// Encodes `draft`.
    /// - Throws: `StoreError.database` if a value cannot be encoded as JSON.
    public init(_ draft: BuildDraft) throws(StoreError) {
        self.draft = draft
        do {
            env = try AppDatabase.encodeJSON(draft.env)
            plans = try draft.jobs.map { job in job.spec.uiTests == nil ? try AppDatabase.encodeJSON(job.spec) : nil }
        } catch {
            throw StoreError.database("the build of \(draft.pipeline) cannot be encoded: \(error)")
        }
        requirementsKeys = draft.jobs.map { JobRecord.requirementsKey($0.spec.requirements) }
    }
}
