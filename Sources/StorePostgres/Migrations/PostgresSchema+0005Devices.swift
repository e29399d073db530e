extension PostgresSchema {
    /// `0005-devices`. Shipped: never edited.
    static let migration0005 = Migration(name: "0005-devices", sql: devices)

    /// Each agent's devices as its last poll reported them (SQLite's `v16-devices`).
    private static let devices = """
        CREATE TABLE device (
            agent_id bigint NOT NULL REFERENCES agent ON DELETE CASCADE,
            platform text NOT NULL, identifier text NOT NULL, kind text NOT NULL, model text, os_version text,
            state text NOT NULL, detail text, updated_at timestamptz NOT NULL,
            PRIMARY KEY (agent_id, platform, identifier));
        """
}
