import Core
import Foundation
import PostgresNIO
import Store

// MARK: - A pull request's merge base, and the builds of its commits

extension PostgresAppDatabase {
    /// Checks that the agent holds the job (locking its row, so it cannot end meanwhile) and
    /// records its build's merge base, in one transaction, replacing the one recorded before.
    public func recordMergeBase(_ mergeBase: MergeBase, jobID: Int64, agentID: Int64, at now: Date) async throws(StoreError) -> Int64 {
        let firstParents = try mergeBase.storedFirstParents
        return try await write { connection in
            let buildID = try await self.heldJob(jobID, by: agentID, on: connection).buildID
            try await connection.run(
                """
                INSERT INTO build_merge_base (build_id, commit_sha, first_parents, recorded_at)
                VALUES (\(buildID), \(mergeBase.commit), \(firstParents), \(PostgresTime.stored(now)))
                ON CONFLICT (build_id) DO UPDATE SET commit_sha = excluded.commit_sha, first_parents = excluded.first_parents,
                    recorded_at = excluded.recorded_at
                """, logger: self.logger)
            return buildID
        }
    }

    /// The pipeline's finished builds with findings, not of a pull request, at any of `commits`.
    public func buildsWithFindings(_ target: FindingsTarget, atCommits commits: [String]) async throws(StoreError) -> [BuildAtCommit] {
        guard !commits.isEmpty else { return [] }
        return try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT id, commit_sha, branch FROM build
                WHERE repository_id = \(target.repositoryID) AND commit_sha = ANY(\(commits)::text[]) AND pipeline = \(target.pipeline)
                  AND pull_request IS NULL AND state IN ('passed', 'failed')
                  AND EXISTS (SELECT 1 FROM finding WHERE finding.build_id = build.id)
                ORDER BY id DESC
                """, logger: self.logger)
            var builds: [BuildAtCommit] = []
            for try await (id, commit, branch) in rows.decode((Int64, String, String?).self) {
                builds.append(BuildAtCommit(buildID: id, commitSHA: commit, branch: branch))
            }
            return builds
        }
    }
}
