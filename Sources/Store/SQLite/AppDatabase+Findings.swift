import Core
import Foundation
import GRDB

// MARK: - Analysers' findings

extension AppDatabase: FindingStore {
    /// `v13-findings`: analysers' findings per build and report. Never edited once shipped.
    static func registerFindingsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13-findings") { db in
            try db.create(table: "finding") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("buildID", .integer).notNull().references("build", onDelete: .cascade)
                t.column("source", .text).notNull()
                t.column("tool", .text).notNull()
                t.column("ruleID", .text).notNull()
                t.column("level", .text).notNull()
                t.column("message", .text).notNull()
                t.column("path", .text)
                t.column("line", .integer)
                t.column("fingerprint", .text).notNull()
                t.column("storedAt", .datetime).notNull()
            }
            try db.create(index: "finding_on_build_source", on: "finding", columns: ["buildID", "source"])
        }
    }

    /// Replaces `source`'s findings for the build in one transaction.
    public func replaceFindings(buildID: Int64, source: String, findings: [StoredFinding], at now: Date) throws(StoreError) {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM build WHERE id = ?", arguments: [buildID]) != nil else {
                throw StoreError.notFound("build \(buildID)")
            }
            try db.execute(sql: "DELETE FROM finding WHERE buildID = ? AND source = ?", arguments: [buildID, source])
            let insert = try db.cachedStatement(sql: """
                INSERT INTO finding (buildID, source, tool, ruleID, level, message, path, line, fingerprint, storedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let storedAt = StoredDate(now)
            for finding in findings {
                try insert.execute(arguments: [
                    buildID, source, finding.tool, finding.ruleID, finding.level, finding.message, finding.path, finding.line,
                    finding.fingerprint, storedAt,
                ])
            }
        }
    }

    /// Every finding of the build, by tool, path, line and rule.
    public func findings(buildID: Int64) throws(StoreError) -> [StoredFinding] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT tool, ruleID, level, message, path, line, fingerprint FROM finding WHERE buildID = ?
                ORDER BY tool, path, line, ruleID, id
                """, arguments: [buildID]
            ).map { row in
                StoredFinding(tool: row["tool"], ruleID: row["ruleID"], level: row["level"], message: row["message"],
                              path: row["path"], line: row["line"], fingerprint: row["fingerprint"])
            }
        }
    }

    /// The build's repository and, for a pull request, the target branch its build plan
    /// recorded (`MOBILE_OPS_BASE_BRANCH` in its environment), else its own branch.
    public func findingsTarget(buildID: Int64) throws(StoreError) -> FindingsTarget? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT repositoryID, branch, pullRequest, json_extract(env, '$.' || ?) AS base FROM build WHERE id = ?
                """, arguments: [UITestSelection.baseBranchVariable, buildID])
            else { return nil }
            let pullRequest: Int? = row["pullRequest"]
            let branch: String? = pullRequest == nil ? row["branch"] : row["base"]
            guard let repositoryID: Int64 = row["repositoryID"], let branch, !branch.isEmpty else { return nil }
            return FindingsTarget(repositoryID: repositoryID, branch: branch)
        }
    }

    /// The newest finished build of the branch, before `beforeBuild`, that stored findings.
    public func latestBuildWithFindings(repositoryID: Int64, branch: String, beforeBuild: Int64) throws(StoreError) -> Int64? {
        try read { db in
            try Int64.fetchOne(db, sql: """
                SELECT id FROM build
                WHERE repositoryID = ? AND branch = ? AND id < ? AND state IN ('passed', 'failed')
                  AND EXISTS (SELECT 1 FROM finding WHERE finding.buildID = build.id)
                ORDER BY id DESC LIMIT 1
                """, arguments: [repositoryID, branch, beforeBuild])
        }
    }

    /// Each day's newest finished build with findings, counted per tool and rule.
    public func findingTrend(repositoryID: Int64, branch: String, from: Date, to: Date) throws(StoreError) -> [FindingTrendRow] {
        try read { db in
            try Row.fetchAll(db, sql: """
                WITH daily AS (
                    SELECT substr(createdAt, 1, 10) AS day, MAX(id) AS buildID FROM build
                    WHERE repositoryID = ? AND branch = ? AND createdAt >= ? AND createdAt < ?
                      AND state IN ('passed', 'failed')
                      AND EXISTS (SELECT 1 FROM finding WHERE finding.buildID = build.id)
                    GROUP BY substr(createdAt, 1, 10))
                SELECT daily.day, finding.tool, finding.ruleID, COUNT(*) AS count
                FROM daily JOIN finding ON finding.buildID = daily.buildID
                GROUP BY daily.day, finding.tool, finding.ruleID
                ORDER BY daily.day, finding.tool, finding.ruleID
                """, arguments: [repositoryID, branch, StoredDate(from), StoredDate(to)]
            ).map { row in
                FindingTrendRow(day: row["day"], tool: row["tool"], ruleID: row["ruleID"], count: row["count"])
            }
        }
    }
}
