import GRDB
import Store

extension AppDatabase {
    /// The schema, as a list of migrations.
    ///
    /// Once a migration has shipped it is never edited: a later change is a new migration
    /// appended at the end, so every existing database can follow.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()

        registerFoundationMigration(in: &migrator)
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
        registerMergeBaseMigration(in: &migrator)
        registerDevicesMigration(in: &migrator)
        registerBuildCacheMigration(in: &migrator)
        registerSecretsMigration(in: &migrator)
        registerCacheUsageMigration(in: &migrator)
        registerDeviceRunsMigration(in: &migrator)
        return migrator
    }()
}
