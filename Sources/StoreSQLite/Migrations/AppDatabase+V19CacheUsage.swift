import GRDB

extension AppDatabase {
    /// `v19-cache-usage`: the build cache's counts per UTC day (its hit rate over time) and per
    /// build (the traffic of the build's jobs), and the key job-scoped cache credentials are
    /// signed with. Never edited once shipped.
    static func registerCacheUsageMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-cache-usage") { db in
            try db.execute(sql: """
                CREATE TABLE cacheDailyCounter (
                    day DATETIME NOT NULL,
                    protocolName TEXT NOT NULL,
                    namespace TEXT NOT NULL,
                    hits INTEGER NOT NULL DEFAULT 0,
                    misses INTEGER NOT NULL DEFAULT 0,
                    uploads INTEGER NOT NULL DEFAULT 0,
                    bytesServed INTEGER NOT NULL DEFAULT 0,
                    bytesStored INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (day, protocolName, namespace)
                );
                CREATE TABLE cacheBuildCounter (
                    buildID INTEGER PRIMARY KEY,
                    hits INTEGER NOT NULL DEFAULT 0,
                    misses INTEGER NOT NULL DEFAULT 0,
                    uploads INTEGER NOT NULL DEFAULT 0,
                    bytesServed INTEGER NOT NULL DEFAULT 0,
                    bytesStored INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE cacheCredentialKey (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    secret TEXT NOT NULL
                );
                CREATE INDEX cacheEntry_namespace_lastAccessAt ON cacheEntry (namespace, lastAccessAt);
                """)
        }
    }
}
