import GRDB

extension AppDatabase {
    /// `v7-release-train`: trains, releases, release events and the cadence cursor. Never
    /// edited once shipped.
    static func registerReleaseTrainMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-release-train") { db in
            try db.create(table: "train") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
                t.column("definition", .text).notNull()
                t.column("source", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "trainCursor") { t in
                t.primaryKey("trainID", .integer).references("train", onDelete: .cascade)
                // Cadence occurrences at or before this instant have been handled.
                t.column("handledThrough", .datetime).notNull()
                t.column("lastReleaseID", .integer)
            }
            try db.create(table: "trainRelease") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("trainID", .integer).notNull().references("train", onDelete: .cascade)
                t.column("version", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("machine", .text).notNull()
                t.column("state", .text).notNull().indexed()
                t.column("branch", .text).notNull()
                t.column("rcBuildID", .integer)
                t.column("storeIDs", .text).notNull()
                t.column("rolloutStepIndex", .integer)
                t.column("rolloutEnteredAt", .datetime)
                t.column("problem", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                // One release per version and train: a doubled start is a conflict, not a twin.
                t.uniqueKey(["trainID", "version"])
            }
            try db.create(table: "trainReleaseEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("releaseID", .integer).notNull().indexed().references("trainRelease", onDelete: .cascade)
                t.column("action", .text).notNull()
                t.column("fromState", .text).notNull()
                t.column("toState", .text).notNull()
                t.column("actor", .text).notNull()
                t.column("occurredAt", .datetime).notNull()
                t.column("detail", .text).notNull()
            }
        }
    }
}
