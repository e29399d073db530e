extension PostgresSchema {
    /// `0008-cache-usage`. Shipped: never edited.
    static let migration0008 = Migration(name: "0008-cache-usage", sql: cacheUsage)

    /// The build cache's counts per UTC day and per build, and the key job-scoped cache
    /// credentials are signed with (SQLite's `v19-cache-usage`).
    private static let cacheUsage = """
        CREATE TABLE cache_daily_counter (
            day timestamptz NOT NULL,
            protocol_name text NOT NULL,
            namespace text NOT NULL,
            hits bigint NOT NULL DEFAULT 0,
            misses bigint NOT NULL DEFAULT 0,
            uploads bigint NOT NULL DEFAULT 0,
            bytes_served bigint NOT NULL DEFAULT 0,
            bytes_stored bigint NOT NULL DEFAULT 0,
            PRIMARY KEY (day, protocol_name, namespace)
        );
        CREATE TABLE cache_build_counter (
            build_id bigint PRIMARY KEY,
            hits bigint NOT NULL DEFAULT 0,
            misses bigint NOT NULL DEFAULT 0,
            uploads bigint NOT NULL DEFAULT 0,
            bytes_served bigint NOT NULL DEFAULT 0,
            bytes_stored bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE cache_credential_key (
            id integer PRIMARY KEY CHECK (id = 1),
            secret text NOT NULL
        );
        CREATE INDEX cache_entry_namespace_last_access_at ON cache_entry (namespace, last_access_at);
        """
}
