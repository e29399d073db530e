import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: FindingStore {
    /// Replaces `source`'s findings for the build in one transaction: the rows go as one
    /// `unnest` of column arrays, one statement however many findings a report holds. When the
    /// build has already finished and has findings before or after, the same transaction
    /// enqueues a `findings_report`.
    ///
    /// The build row is share-locked, so a build finishing at the same moment either commits
    /// first (and this sees it finished) or waits for this (and sees these findings).
    public func replaceFindings(buildID: Int64, source: String, findings: [StoredFinding], at now: Date) async throws(StoreError) {
        try await write { connection in
            let rows = try await connection.boundedQuery(
                "SELECT state, repository_id, commit_sha FROM build WHERE id = \(buildID) FOR SHARE", logger: self.logger)
            var found: (state: String, repositoryID: Int64?, commitSHA: String)?
            for try await row in rows.decode((String, Int64?, String).self) { found = row }
            guard let build = found else { throw StoreError.notFound("build \(buildID)") }
            let hadFindings = try await self.hasFindings(buildID, on: connection)
            if hadFindings || !findings.isEmpty {
                try await self.enqueueFindingsReport(
                    buildID: buildID, state: BuildState(rawValue: build.state) ?? .pending, repositoryID: build.repositoryID,
                    commitSHA: build.commitSHA, now: now, on: connection)
            }
            try await self.replaceSourceFindings(findings, buildID: buildID, source: source, at: now, on: connection)
        }
    }

    /// Deletes what `source` stored for the build and inserts `findings` in its place, as one
    /// `unnest` of column arrays; the caller's transaction makes the two one change.
    func replaceSourceFindings(_ findings: [StoredFinding], buildID: Int64, source: String, at now: Date, on connection: PostgresConnection) async throws {
        try await connection.run("DELETE FROM finding WHERE build_id = \(buildID) AND source = \(source)", logger: self.logger)
        guard !findings.isEmpty else { return }
        var paths = PostgresNullableArray<String>(), lines = PostgresNullableArray<Int64>(), suppressions = PostgresNullableArray<String>()
        for finding in findings {
            paths.append(finding.path)
            lines.append(finding.line.map(Int64.init))
            suppressions.append(finding.suppression)
        }
        try await connection.run(
            """
            INSERT INTO finding (build_id, source, tool, rule_id, level, message, path, line, fingerprint, stored_at, suppression)
            SELECT \(buildID), \(source), tool, rule, level, message, path, line, fingerprint, \(PostgresTime.stored(now)), suppression
            FROM unnest(\(findings.map(\.tool))::text[], \(findings.map(\.ruleID))::text[], \(findings.map(\.level))::text[],
                        \(findings.map(\.message))::text[], \(paths)::text[], \(lines)::bigint[], \(findings.map(\.fingerprint))::text[],
                        \(suppressions)::text[])
                 WITH ORDINALITY AS f(tool, rule, level, message, path, line, fingerprint, suppression, position)
            ORDER BY position
            """, logger: self.logger)
    }

    /// Adds a `findings_report` message for a finished build with a repository and a commit to
    /// attach it to; nothing for any other build. Callers decide whether there is anything to say.
    func enqueueFindingsReport(
        buildID: Int64, state: BuildState, repositoryID: Int64?, commitSHA: String, now: Date, on connection: PostgresConnection
    ) async throws {
        guard FindingsReportPayload.isReportable(state: state, repositoryID: repositoryID, commitSHA: commitSHA) else { return }
        try await enqueueOutbox(kind: FindingsReportPayload.kind, payload: FindingsReportPayload(buildID: buildID).jsonText, at: now, on: connection)
    }

    /// Whether any finding is stored for the build.
    func hasFindings(_ buildID: Int64, on connection: PostgresConnection) async throws -> Bool {
        try await connection.value("SELECT 1 FROM finding WHERE build_id = \(buildID) LIMIT 1", as: Int32.self, logger: logger) != nil
    }

    /// Every finding of the build, by tool, path, line and rule.
    public func findings(buildID: Int64) async throws(StoreError) -> [StoredFinding] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT tool, rule_id, level, message, path, line, fingerprint, suppression FROM finding WHERE build_id = \(buildID)
                ORDER BY tool COLLATE "C", path COLLATE "C" NULLS FIRST, line NULLS FIRST, rule_id COLLATE "C", id
                """, logger: self.logger)
            var findings: [StoredFinding] = []
            for try await (tool, rule, level, message, path, line, fingerprint, suppression)
                in rows.decode((String, String, String, String, String?, Int64?, String, String?).self) {
                findings.append(StoredFinding(
                    tool: tool, ruleID: rule, level: level, message: message, path: path, line: line.map(Int.init), fingerprint: fingerprint,
                    suppression: suppression))
            }
            return findings
        }
    }

    /// The build's repository and, for a pull request, the target branch its build plan
    /// recorded (`MOBILE_OPS_BASE_BRANCH` in its environment), else its own branch; with a
    /// pull request's host-reported base commit and recorded merge base.
    public func findingsTarget(buildID: Int64) async throws(StoreError) -> FindingsTarget? {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT repository_id, CASE WHEN pull_request IS NULL THEN branch ELSE env::jsonb ->> \(UITestSelection.baseBranchVariable) END,
                       pipeline, pull_request IS NOT NULL, env::jsonb ->> \(UITestSelection.baseCommitVariable),
                       build_merge_base.commit_sha, build_merge_base.first_parents
                FROM build LEFT JOIN build_merge_base ON build_merge_base.build_id = build.id WHERE build.id = \(buildID)
                """, logger: self.logger)
            for try await (repositoryID, branch, pipeline, isPullRequest, baseCommit, mergeBase, firstParents)
                in rows.decode((Int64?, String?, String, Bool, String?, String?, String?).self) {
                guard let repositoryID, let branch, !branch.isEmpty else { return nil }
                guard isPullRequest else { return FindingsTarget(repositoryID: repositoryID, branch: branch, pipeline: pipeline) }
                let mergeBase = try mergeBase.map { commit in
                    try MergeBase(commit: commit, storedFirstParents: firstParents ?? "[]")
                }
                return FindingsTarget(
                    repositoryID: repositoryID, branch: branch, pipeline: pipeline, isPullRequest: true, hostBaseCommit: baseCommit,
                    mergeBase: mergeBase)
            }
            return nil
        }
    }

    /// The newest finished build of the pipeline on the branch, before `beforeBuild`, that
    /// stored findings.
    public func latestBuildWithFindings(_ target: FindingsTarget, beforeBuild: Int64) async throws(StoreError) -> Int64? {
        try await read { connection in
            try await connection.value(
                """
                SELECT id FROM build
                WHERE repository_id = \(target.repositoryID) AND branch = \(target.branch) AND pipeline = \(target.pipeline)
                  AND id < \(beforeBuild) AND state IN ('passed', 'failed')
                  AND EXISTS (SELECT 1 FROM finding WHERE finding.build_id = build.id)
                ORDER BY id DESC LIMIT 1
                """, as: Int64.self, logger: self.logger)
        }
    }

    /// Each UTC day's newest finished build with findings of each pipeline, its unsuppressed
    /// findings counted per tool and rule.
    public func findingTrend(repositoryID: Int64, branch: String, from: Date, to: Date) async throws(StoreError) -> [FindingTrendRow] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                WITH daily AS (
                    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, max(id) AS build_id FROM build
                    WHERE repository_id = \(repositoryID) AND branch = \(branch) AND created_at >= \(from) AND created_at < \(to)
                      AND state IN ('passed', 'failed')
                      AND EXISTS (SELECT 1 FROM finding WHERE finding.build_id = build.id)
                    GROUP BY 1, pipeline)
                SELECT daily.day, finding.tool, finding.rule_id, count(*)
                FROM daily JOIN finding ON finding.build_id = daily.build_id
                WHERE finding.suppression IS DISTINCT FROM 'accepted'
                GROUP BY daily.day, finding.tool, finding.rule_id
                ORDER BY daily.day, finding.tool COLLATE "C", finding.rule_id COLLATE "C"
                """, logger: self.logger)
            var trend: [FindingTrendRow] = []
            for try await (day, tool, rule, count) in rows.decode((String, String, String, Int64).self) {
                trend.append(FindingTrendRow(day: day, tool: tool, ruleID: rule, count: Int(count)))
            }
            return trend
        }
    }
}

extension PostgresAppDatabase {
    /// Checks that the agent holds the job (locking its row, so it cannot end meanwhile) and
    /// stores the report's findings under the job's source, in one transaction: the rows go as
    /// one `unnest` of column arrays.
    public func replaceJobFindings(
        jobID: Int64, agentID: Int64, report: String, findings: [StoredFinding], at now: Date
    ) async throws(StoreError) -> Int64 {
        try await write { connection in
            let buildID = try await self.heldJob(jobID, by: agentID, on: connection).buildID
            let rows = try await connection.boundedQuery("SELECT step_key, shard_index, shard_count FROM job WHERE id = \(jobID)", logger: self.logger)
            var source: String?
            for try await (stepKey, shardIndex, shardCount) in rows.decode((String, Int32, Int32).self) {
                source = StoredFinding.jobSource(stepKey: stepKey, shardIndex: Int(shardIndex), shardCount: Int(shardCount), report: report)
            }
            guard let source else { throw StoreError.jobNotHeld(jobID: jobID) }
            try await self.replaceSourceFindings(findings, buildID: buildID, source: source, at: now, on: connection)
            return buildID
        }
    }
}
