import Core
import Foundation
import GRDB
import Store

// MARK: - Analysers' findings

extension AppDatabase: FindingStore {
    /// Replaces `source`'s findings for the build in one transaction. When the build has already
    /// finished (a CI posting after its end) and has findings before or after, the same
    /// transaction enqueues a `findings_report`, so the pull request shows the change.
    public func replaceFindings(buildID: Int64, source: String, findings: [StoredFinding], at now: Date) async throws(StoreError) {
        try await write { db in
            guard let build = try BuildRecord.fetchOne(db, key: buildID) else {
                throw StoreError.notFound("build \(buildID)")
            }
            let hadFindings = try Self.hasFindings(buildID, in: db)
            try Self.replaceSourceFindings(findings, buildID: buildID, source: source, at: now, in: db)
            if hadFindings || !findings.isEmpty {
                try Self.enqueueFindingsReport(for: build, in: db, now: now)
            }
        }
    }

    /// Deletes what `source` stored for the build and inserts `findings` in its place; the
    /// caller's transaction makes the two one change.
    static func replaceSourceFindings(_ findings: [StoredFinding], buildID: Int64, source: String, at now: Date, in db: Database) throws {
        try db.execute(sql: "DELETE FROM finding WHERE buildID = ? AND source = ?", arguments: [buildID, source])
        let insert = try db.cachedStatement(sql: """
            INSERT INTO finding (buildID, source, tool, ruleID, level, message, path, line, fingerprint, storedAt, suppression)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let storedAt = StoredDate(now)
        for finding in findings {
            try insert.execute(arguments: [
                buildID, source, finding.tool, finding.ruleID, finding.level, finding.message, finding.path, finding.line,
                finding.fingerprint, storedAt, finding.suppression,
            ])
        }
    }

    /// Adds a `findings_report` message for a finished build with a repository and a commit to
    /// attach it to; nothing for any other build. Callers decide whether there is anything to say.
    static func enqueueFindingsReport(for build: BuildRecord, in db: Database, now: Date) throws {
        guard let id = build.id, let state = BuildState(rawValue: build.state),
              FindingsReportPayload.isReportable(state: state, repositoryID: build.repositoryID, commitSHA: build.commitSHA)
        else { return }
        var message = OutboxRecord(kind: FindingsReportPayload.kind, payload: FindingsReportPayload(buildID: id).jsonText, at: now)
        try message.insertDirectly(db)
    }

    /// Whether any finding is stored for the build.
    static func hasFindings(_ buildID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM finding WHERE buildID = ? LIMIT 1"), arguments: [buildID]) != nil
    }

    /// Every finding of the build, by tool, path, line and rule.
    public func findings(buildID: Int64) async throws(StoreError) -> [StoredFinding] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT tool, ruleID, level, message, path, line, fingerprint, suppression FROM finding WHERE buildID = ?
                ORDER BY tool, path, line, ruleID, id
                """, arguments: [buildID]
            ).map { row in
                StoredFinding(tool: row["tool"], ruleID: row["ruleID"], level: row["level"], message: row["message"],
                              path: row["path"], line: row["line"], fingerprint: row["fingerprint"], suppression: row["suppression"])
            }
        }
    }

    /// The build's repository and, for a pull request, the target branch its build plan
    /// recorded (`MOBILE_OPS_BASE_BRANCH` in its environment), else its own branch; with a
    /// pull request's host-reported base commit and recorded merge base.
    public func findingsTarget(buildID: Int64) async throws(StoreError) -> FindingsTarget? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT repositoryID, branch, pipeline, pullRequest,
                       json_extract(env, '$.' || ?) AS base, json_extract(env, '$.' || ?) AS baseCommit,
                       buildMergeBase.commitSHA AS mergeBase, buildMergeBase.firstParents
                FROM build LEFT JOIN buildMergeBase ON buildMergeBase.buildID = build.id WHERE build.id = ?
                """, arguments: [UITestSelection.baseBranchVariable, UITestSelection.baseCommitVariable, buildID])
            else { return nil }
            let pullRequest: Int? = row["pullRequest"]
            let branch: String? = pullRequest == nil ? row["branch"] : row["base"]
            guard let repositoryID: Int64 = row["repositoryID"], let branch, !branch.isEmpty else { return nil }
            guard pullRequest != nil else { return FindingsTarget(repositoryID: repositoryID, branch: branch, pipeline: row["pipeline"]) }
            let mergeBase = try (row["mergeBase"] as String?).map { commit in
                try MergeBase(commit: commit, storedFirstParents: row["firstParents"])
            }
            return FindingsTarget(
                repositoryID: repositoryID, branch: branch, pipeline: row["pipeline"], isPullRequest: true,
                hostBaseCommit: row["baseCommit"], mergeBase: mergeBase)
        }
    }

    /// The newest finished build of the pipeline on the branch, before `beforeBuild`, that
    /// stored findings.
    public func latestBuildWithFindings(_ target: FindingsTarget, beforeBuild: Int64) async throws(StoreError) -> Int64? {
        try await read { db in
            try Int64.fetchOne(db, sql: """
                SELECT id FROM build
                WHERE repositoryID = ? AND branch = ? AND pipeline = ? AND id < ? AND state IN ('passed', 'failed')
                  AND EXISTS (SELECT 1 FROM finding WHERE finding.buildID = build.id)
                ORDER BY id DESC LIMIT 1
                """, arguments: [target.repositoryID, target.branch, target.pipeline, beforeBuild])
        }
    }

    /// Each day's newest finished build with findings of each pipeline, its unsuppressed
    /// findings counted per tool and rule.
    public func findingTrend(repositoryID: Int64, branch: String, from: Date, to: Date) async throws(StoreError) -> [FindingTrendRow] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                WITH daily AS (
                    SELECT substr(createdAt, 1, 10) AS day, MAX(id) AS buildID FROM build
                    WHERE repositoryID = ? AND branch = ? AND createdAt >= ? AND createdAt < ?
                      AND state IN ('passed', 'failed')
                      AND EXISTS (SELECT 1 FROM finding WHERE finding.buildID = build.id)
                    GROUP BY substr(createdAt, 1, 10), pipeline)
                SELECT daily.day, finding.tool, finding.ruleID, COUNT(*) AS count
                FROM daily JOIN finding ON finding.buildID = daily.buildID
                WHERE finding.suppression IS NOT 'accepted'
                GROUP BY daily.day, finding.tool, finding.ruleID
                ORDER BY daily.day, finding.tool, finding.ruleID
                """, arguments: [repositoryID, branch, StoredDate(from), StoredDate(to)]
            ).map { row in
                FindingTrendRow(day: row["day"], tool: row["tool"], ruleID: row["ruleID"], count: row["count"])
            }
        }
    }
}

extension AppDatabase {
    /// Checks that the agent holds the job and stores the report's findings under the job's
    /// source, in one transaction, so a job lost and handed to another agent meanwhile never
    /// gets findings from the first.
    public func replaceJobFindings(
        jobID: Int64, agentID: Int64, report: String, findings: [StoredFinding], at now: Date
    ) async throws(StoreError) -> Int64 {
        try await write { db in
            guard let job = try JobRecord.fetchOne(db, key: jobID), job.agentID == agentID, job.jobState.isActive else {
                throw StoreError.jobNotHeld(jobID: jobID)
            }
            let source = StoredFinding.jobSource(stepKey: job.stepKey, shardIndex: job.shardIndex, shardCount: job.shardCount, report: report)
            try Self.replaceSourceFindings(findings, buildID: job.buildID, source: source, at: now, in: db)
            return job.buildID
        }
    }
}
