extension PostgresSchema {
    /// `0004-merge-base`. Shipped: never edited.
    static let migration0004 = Migration(name: "0004-merge-base", sql: mergeBase)

    /// A pull request build's merge base as an agent found it (its first parents as a JSON
    /// array, as SQLite keeps them, so `migrate-data` copies the text), and builds found by
    /// commit (SQLite's `v15-merge-base`).
    private static let mergeBase = """
        CREATE TABLE build_merge_base (
            build_id bigint PRIMARY KEY REFERENCES build ON DELETE CASCADE,
            commit_sha text NOT NULL, first_parents text NOT NULL, recorded_at timestamptz NOT NULL);
        CREATE INDEX build_repository_commit ON build (repository_id, commit_sha);
        """
}
