extension PostgresSchema {
    /// `0006-build-cache`. Shipped: never edited.
    static let migration0006 = Migration(name: "0006-build-cache", sql: buildCache)

    /// The build cache's totals and kept entries (SQLite's `v17-build-cache`).
    private static let buildCache = """
        CREATE TABLE cache_counter (
            protocol_name text NOT NULL,
            namespace text NOT NULL,
            hits bigint NOT NULL DEFAULT 0,
            misses bigint NOT NULL DEFAULT 0,
            uploads bigint NOT NULL DEFAULT 0,
            bytes_served bigint NOT NULL DEFAULT 0,
            bytes_stored bigint NOT NULL DEFAULT 0,
            evictions bigint NOT NULL DEFAULT 0,
            PRIMARY KEY (protocol_name, namespace)
        );
        CREATE TABLE cache_entry (
            protocol_name text NOT NULL,
            namespace text NOT NULL,
            entry_key text NOT NULL,
            size bigint NOT NULL,
            last_access_at timestamptz NOT NULL,
            PRIMARY KEY (protocol_name, namespace, entry_key)
        );
        CREATE INDEX cache_entry_last_access_at ON cache_entry (last_access_at);
        """
}
