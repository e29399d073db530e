import Core
import GRDB

extension AppDatabase {
    /// `v10-runnable-jobs`: pending jobs that wait for a step are flagged, and dispatch's
    /// index holds only the others. Existing pending jobs are flagged from their builds.
    static func registerRunnableJobsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10-runnable-jobs") { db in
            try db.alter(table: "job") { t in
                t.add(column: "waitingForSteps", .boolean).notNull().defaults(to: false)
            }
            for var job in try JobRecord.filter(Column("state") == JobState.pending.rawValue).fetchAll(db) {
                guard try !unpassedDependencies(of: job, spec: job.spec(), in: db).isEmpty else { continue }
                job.waitingForSteps = true
                try job.update(db)
            }
            try db.execute(sql: "DROP INDEX job_dispatch")
            try db.execute(sql: """
                CREATE INDEX job_runnable ON job(requirementsKey, priority DESC, id) WHERE state = 'pending' AND waitingForSteps = 0
                """)
        }
    }
}
