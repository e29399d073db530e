extension PostgresSchema {
    /// `0003-finding-suppression`. Shipped: never edited.
    static let migration0003 = Migration(name: "0003-finding-suppression", sql: findingSuppression)

    /// A finding's suppression as its report gave it (SQLite's `v14-finding-suppression`).
    private static let findingSuppression = """
        ALTER TABLE finding ADD COLUMN suppression text;
        """
}
