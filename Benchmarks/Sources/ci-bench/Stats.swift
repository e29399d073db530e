/// Nearest-rank percentiles and a markdown table for the harness's report.
enum Stats {
    /// The `p`-th percentile (0–100) of `values` by nearest rank; 0 for none.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// `1.234 ms` from seconds.
    static func ms(_ seconds: Double) -> String {
        String(format: "%.3f ms", seconds * 1000)
    }

    /// `12.3 MiB` from KiB.
    static func mib(_ kib: Int) -> String {
        String(format: "%.1f MiB", Double(kib) / 1024)
    }
}

/// One line of the report: what was measured, the figure, the target and whether it holds.
struct ResultRow {
    let scenario: String
    let measure: String
    let value: String
    let target: String
    let passed: Bool?

    static func printTable(_ rows: [ResultRow]) {
        print("| scenario | measure | value | target | result |")
        print("|---|---|---|---|---|")
        for row in rows {
            let verdict = row.passed.map { $0 ? "PASS" : "FAIL" } ?? "-"
            print("| \(row.scenario) | \(row.measure) | \(row.value) | \(row.target) | \(verdict) |")
        }
    }
}
