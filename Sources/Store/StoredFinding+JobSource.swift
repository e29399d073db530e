import Core

// MARK: - Sources of the findings agents send

extension StoredFinding {
    /// The source a job's report is stored under: the step's job key (the step key, with
    /// `#n` for the n-th shard of a sharded step), then the report's path in the checkout,
    /// as in `lint: build/detekt.sarif` or `lint#2: build/detekt.sarif`.
    ///
    /// Two steps (or two shards of one) writing a report to the same path then keep their
    /// findings apart, and a later attempt of the same job replaces the earlier one's.
    public static func jobSource(stepKey: String, shardIndex: Int, shardCount: Int, report: String) -> String {
        let job = shardCount > 1 ? "\(stepKey)#\(shardIndex + 1)" : stepKey
        return "\(job): \(report)"
    }
}
