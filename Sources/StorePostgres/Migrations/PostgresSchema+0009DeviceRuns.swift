extension PostgresSchema {
    /// `0009-device-runs`. Shipped: never edited.
    static let migration0009 = Migration(name: "0009-device-runs", sql: deviceRuns)

    /// Each `devices:` step's run as one JSON document, each device's health, and the muted
    /// tests (SQLite's `v20-device-runs`).
    private static let deviceRuns = """
        CREATE TABLE device_run (
            build_id bigint NOT NULL REFERENCES build ON DELETE CASCADE,
            step_key text NOT NULL, pipeline text NOT NULL, repository_id bigint,
            document text NOT NULL, finished boolean NOT NULL DEFAULT false, updated_at timestamptz NOT NULL,
            PRIMARY KEY (build_id, step_key));
        CREATE INDEX device_run_history ON device_run (pipeline, step_key, build_id) WHERE finished;
        CREATE INDEX device_run_unfinished ON device_run (build_id) WHERE NOT finished;
        CREATE TABLE device_health (
            agent_id bigint NOT NULL REFERENCES agent ON DELETE CASCADE,
            platform text NOT NULL, identifier text NOT NULL, document text NOT NULL,
            PRIMARY KEY (agent_id, platform, identifier));
        CREATE TABLE muted_test (
            repository_id bigint REFERENCES repository ON DELETE CASCADE,
            name text NOT NULL, document text NOT NULL);
        CREATE UNIQUE INDEX muted_test_key ON muted_test (coalesce(repository_id, 0), name);
        """
}
