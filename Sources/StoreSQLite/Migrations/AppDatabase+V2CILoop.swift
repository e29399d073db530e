import GRDB
import Store

extension AppDatabase {
    /// The CI loop's schema: webhook deliveries, builds, jobs, logs, agents and the outbox.
    ///
    /// Appended after `v1-foundation`; like every shipped migration it is never edited.
    static func registerCILoopMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-ci-loop") { db in
            // MARK: Intake
            try db.create(table: "webhookDelivery") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("provider", .text).notNull()
                t.column("deliveryKey", .text).notNull()
                t.column("event", .text).notNull()
                t.column("repositoryID", .integer).references("repository", onDelete: .setNull)
                t.column("headers", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.column("responseStatus", .integer).notNull()
                t.column("responseBody", .text).notNull()
                t.uniqueKey(["provider", "deliveryKey"])
            }

            // MARK: Agents
            try db.create(table: "agentRegistrationToken") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("secretHash", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("revokedAt", .datetime)
            }
            try db.create(table: "agent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("tags", .text).notNull()
                t.column("slots", .integer).notNull()
                t.column("tokenID", .text).notNull().unique()
                t.column("secretHash", .text).notNull()
                t.column("registrationTokenID", .text).notNull().indexed().references("agentRegistrationToken")
                t.column("hostname", .text)
                t.column("version", .text)
                t.column("state", .text).notNull()
                t.column("lastSeenAt", .datetime).notNull()
                t.column("createdAt", .datetime).notNull()
            }

            // MARK: Builds and jobs
            try db.create(table: "build") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("repositoryID", .integer).references("repository", onDelete: .cascade)
                t.column("number", .integer).notNull()
                t.column("pipeline", .text).notNull()
                t.column("state", .text).notNull().indexed()
                t.column("trigger", .text).notNull()
                t.column("branch", .text)
                t.column("tag", .text)
                t.column("commitSHA", .text).notNull()
                t.column("pullRequest", .integer)
                t.column("message", .text)
                t.column("author", .text)
                t.column("env", .text).notNull()
                t.column("concurrencyGroup", .text)
                t.column("priority", .integer).notNull().defaults(to: 0)
                t.column("deliveryID", .integer).references("webhookDelivery", onDelete: .setNull)
                t.column("cancelReason", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("startedAt", .datetime)
                t.column("finishedAt", .datetime)
                t.uniqueKey(["repositoryID", "number"])
            }
            try db.create(index: "build_on_repository_branch", on: "build", columns: ["repositoryID", "branch", "id"])
            try db.create(index: "build_on_pull_request", on: "build", columns: ["repositoryID", "pipeline", "pullRequest"])

            try db.create(table: "job") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("buildID", .integer).notNull().indexed().references("build", onDelete: .cascade)
                t.column("stepKey", .text).notNull()
                t.column("label", .text).notNull()
                t.column("shardIndex", .integer).notNull()
                t.column("shardCount", .integer).notNull()
                t.column("attempt", .integer).notNull().defaults(to: 1)
                t.column("supersededBy", .integer)
                t.column("state", .text).notNull()
                t.column("plan", .text).notNull()
                // Canonical JSON of the requirements: jobs with equal needs share a key, so the
                // scheduler asks "which keys can this agent run" once per key, not once per job.
                t.column("requirementsKey", .text).notNull()
                t.column("priority", .integer).notNull()
                t.column("concurrencyGroup", .text)
                t.column("pendingReason", .text)
                t.column("agentID", .integer).indexed().references("agent", onDelete: .setNull)
                t.column("leaseExpiresAt", .datetime)
                t.column("cancelRequested", .boolean).notNull().defaults(to: false)
                t.column("exitStatus", .integer)
                t.column("createdAt", .datetime).notNull()
                t.column("assignedAt", .datetime)
                t.column("startedAt", .datetime)
                t.column("finishedAt", .datetime)
            }
            // The dispatch query: pending jobs of one requirement key, best first.
            try db.execute(sql: """
                CREATE INDEX job_dispatch ON job(requirementsKey, priority DESC, id) WHERE state = 'pending'
                """)
            try db.execute(sql: """
                CREATE INDEX job_leases ON job(leaseExpiresAt) WHERE state IN ('assigned', 'running')
                """)

            try db.create(table: "jobLog") { t in
                t.column("jobID", .integer).notNull().references("job", onDelete: .cascade)
                t.column("sequence", .integer).notNull()
                t.column("content", .blob).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.primaryKey(["jobID", "sequence"])
            }

            // MARK: Outbox
            try db.create(table: "outbox") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("payload", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("nextAttemptAt", .datetime).notNull()
                t.column("deliveredAt", .datetime)
                t.column("lastError", .text)
            }
            try db.execute(sql: "CREATE INDEX outbox_due ON outbox(nextAttemptAt) WHERE deliveredAt IS NULL")
        }
    }
}
