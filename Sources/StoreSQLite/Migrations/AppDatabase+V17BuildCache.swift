import GRDB

extension AppDatabase {
    /// `v17-build-cache`: the build cache's totals per protocol and namespace, and each kept
    /// entry's size and last access (what eviction will read instead of listing the storage).
    /// Never edited once shipped.
    static func registerBuildCacheMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17-build-cache") { db in
            try db.execute(sql: """
                CREATE TABLE cacheCounter (
                    protocolName TEXT NOT NULL,
                    namespace TEXT NOT NULL,
                    hits INTEGER NOT NULL DEFAULT 0,
                    misses INTEGER NOT NULL DEFAULT 0,
                    uploads INTEGER NOT NULL DEFAULT 0,
                    bytesServed INTEGER NOT NULL DEFAULT 0,
                    bytesStored INTEGER NOT NULL DEFAULT 0,
                    evictions INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (protocolName, namespace)
                );
                CREATE TABLE cacheEntry (
                    protocolName TEXT NOT NULL,
                    namespace TEXT NOT NULL,
                    entryKey TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    lastAccessAt DATETIME NOT NULL,
                    PRIMARY KEY (protocolName, namespace, entryKey)
                );
                CREATE INDEX cacheEntry_lastAccessAt ON cacheEntry (lastAccessAt);
                """)
        }
    }
}
