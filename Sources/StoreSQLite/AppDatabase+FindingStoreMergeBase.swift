import Core
import Foundation
import GRDB
import Store

// MARK: - A pull request's merge base, and the builds of its commits

extension AppDatabase {
    /// Checks that the agent holds the job and records its build's merge base, in one
    /// transaction, replacing the one recorded before.
    public func recordMergeBase(_ mergeBase: MergeBase, jobID: Int64, agentID: Int64, at now: Date) async throws(StoreError) -> Int64 {
        let firstParents = try mergeBase.storedFirstParents
        return try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: jobID), job.agentID == agentID, job.jobState.isActive else {
                throw StoreError.jobNotHeld(jobID: jobID)
            }
            try db.execute(sql: """
                INSERT INTO buildMergeBase (buildID, commitSHA, firstParents, recordedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (buildID) DO UPDATE SET commitSHA = excluded.commitSHA, firstParents = excluded.firstParents,
                    recordedAt = excluded.recordedAt
                """, arguments: [job.buildID, mergeBase.commit, firstParents, StoredDate(now)])
            return job.buildID
        }
    }

    /// The pipeline's finished builds with findings, not of a pull request, at any of `commits`.
    public func buildsWithFindings(_ target: FindingsTarget, atCommits commits: [String]) async throws(StoreError) -> [BuildAtCommit] {
        guard !commits.isEmpty else { return [] }
        return try await read { db in
            // Built here: database values are not Sendable, so the closure takes the strings.
            var arguments: [(any DatabaseValueConvertible)?] = [target.repositoryID]
            arguments += commits.map { $0 as (any DatabaseValueConvertible)? }
            arguments.append(target.pipeline)
            let placeholders = databaseQuestionMarks(count: commits.count)
            return try Row.fetchAll(db, sql: """
                SELECT id, commitSHA, branch FROM build
                WHERE repositoryID = ? AND commitSHA IN (\(placeholders)) AND pipeline = ? AND pullRequest IS NULL
                  AND state IN ('passed', 'failed')
                  AND EXISTS (SELECT 1 FROM finding WHERE finding.buildID = build.id)
                ORDER BY id DESC
                """, arguments: StatementArguments(arguments)
            ).map { row in BuildAtCommit(buildID: row["id"], commitSHA: row["commitSHA"], branch: row["branch"]) }
        }
    }
}
