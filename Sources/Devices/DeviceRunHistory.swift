import Core

/// What earlier runs of the same step say of each test: the seconds its passing attempts
/// took and how often its attempts passed, for the planner's p80 and copies.
public enum DeviceRunHistory {
    /// The facts of `names` from `runs` (newest first); a test no run knows has none.
    /// At most `limit` attempts per test count, the newest.
    public static func facts(for names: [String], from runs: [DeviceRun], limit: Int = 50) -> [TestHistoryFacts] {
        var byName: [String: [DeviceTestAttempt]] = [:]
        for run in runs {
            for test in run.tests where byName[test.name, default: []].count < limit {
                byName[test.name, default: []].append(contentsOf: test.attempts.reversed().filter { $0.outcome != .skipped })
            }
        }
        return names.map { name in
            let attempts = Array((byName[name] ?? []).prefix(limit))
            return TestHistoryFacts(
                name: name,
                durations: attempts.filter { $0.outcome == .passed }.compactMap(\.seconds),
                passes: attempts.filter { $0.outcome == .passed }.count,
                runs: attempts.count)
        }
    }
}
