import GRDB
import Store

extension AppDatabase {
    /// The schema, as a list of migrations.
    ///
    /// Once a migration has shipped it is never edited: a later change is a new migration
    /// appended at the end, so every existing database can follow.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()

        // MARK: v1: foundation
        migrator.registerMigration("v1-foundation") { db in
            try db.create(table: "repository") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
                t.column("provider", .text).notNull()
                t.column("cloneURL", .text).notNull()
                t.column("defaultBranch", .text).notNull()
                t.column("webhookSecret", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "apiToken") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("scopes", .text).notNull()
                t.column("secretHash", .text).notNull()
                t.column("isBootstrap", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .datetime).notNull()
                t.column("revokedAt", .datetime)
            }
            try db.create(table: "auditEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("occurredAt", .datetime).notNull().indexed()
                t.column("actor", .text).notNull()
                t.column("action", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("detail", .text)
            }
        }
        registerCILoopMigration(in: &migrator)
        registerScheduleMigration(in: &migrator)
        registerArtifactMigration(in: &migrator)
        registerNotableEventMigration(in: &migrator)
        registerBuildMetricsMigration(in: &migrator)
        registerOperationsMigration(in: &migrator)
        registerUITestMigration(in: &migrator)
        registerReleaseTrainMigration(in: &migrator)
        registerRunnableJobsMigration(in: &migrator)
        registerDeliveryKeyPerRepositoryMigration(in: &migrator)
        registerBuildMetricsPerBuildMigration(in: &migrator)
        registerTestHistoryMigration(in: &migrator)
        registerFindingsMigration(in: &migrator)
        registerFindingSuppressionMigration(in: &migrator)
        return migrator
    }()
}
