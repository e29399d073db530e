import GRDB

extension AppDatabase {
    /// `v20-device-runs`: each `devices:` step's run as one JSON document (`deviceRun`: its
    /// queue, batches, attempts and verdicts; gone with its build), and what the server
    /// remembers of each device's health (`deviceHealth`: failures in a row, quarantine; gone
    /// with its agent), and the muted tests (`mutedTest`, one JSON document per repository and test name; a
    /// build of no repository has its own, under a null `repositoryID`).
    /// Never edited once shipped.
    static func registerDeviceRunsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20-device-runs") { db in
            try db.execute(sql: """
                CREATE TABLE deviceRun (
                    buildID INTEGER NOT NULL REFERENCES build(id) ON DELETE CASCADE,
                    stepKey TEXT NOT NULL,
                    pipeline TEXT NOT NULL,
                    repositoryID INTEGER,
                    document TEXT NOT NULL,
                    finished BOOLEAN NOT NULL DEFAULT 0,
                    updatedAt DATETIME NOT NULL,
                    PRIMARY KEY (buildID, stepKey)
                );
                CREATE INDEX deviceRunHistory ON deviceRun (pipeline, stepKey, buildID) WHERE finished;
                CREATE INDEX deviceRunUnfinished ON deviceRun (buildID) WHERE NOT finished;
                CREATE TABLE deviceHealth (
                    agentID INTEGER NOT NULL REFERENCES agent(id) ON DELETE CASCADE,
                    platform TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    document TEXT NOT NULL,
                    PRIMARY KEY (agentID, platform, identifier)
                );
                CREATE TABLE mutedTest (
                    id INTEGER PRIMARY KEY,
                    repositoryID INTEGER REFERENCES repository(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    document TEXT NOT NULL
                );
                CREATE UNIQUE INDEX mutedTestKey ON mutedTest (ifnull(repositoryID, 0), name);
                """)
        }
    }
}
