import GRDB

extension AppDatabase {
    /// `v18-secrets`: repository secrets (`secret`), sealed with AES-256-GCM by the server
    /// before they reach the store, one row per repository, name and pipeline (none for all),
    /// gone with their repository; and where a pull request build's code comes from
    /// (`build.pullRequestOrigin`), `unknown` for pull request builds stored before: they count
    /// as forks. Never edited once shipped.
    static func registerSecretsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18-secrets") { db in
            try db.execute(sql: """
                CREATE TABLE secret (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    repositoryID INTEGER NOT NULL REFERENCES repository(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    pipeline TEXT,
                    branches TEXT,
                    pullRequests BOOLEAN NOT NULL,
                    kind TEXT NOT NULL,
                    sealed BLOB NOT NULL,
                    keyFingerprint TEXT NOT NULL,
                    valueFingerprint TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    createdAt DATETIME NOT NULL,
                    createdBy TEXT NOT NULL,
                    updatedAt DATETIME NOT NULL,
                    updatedBy TEXT NOT NULL
                );
                CREATE UNIQUE INDEX secret_scope ON secret (repositoryID, name, ifnull(pipeline, ''));
                ALTER TABLE build ADD COLUMN pullRequestOrigin TEXT;
                UPDATE build SET pullRequestOrigin = 'unknown' WHERE pullRequest IS NOT NULL;
                """)
        }
    }
}
