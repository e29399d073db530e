import Foundation

/// The cost of waiting, in developer-hours.
///
/// A build a developer waits on (``BuildSample/waitedOn``: pull-request and manual builds)
/// costs its **queue + run time**; nightly and other unattended builds cost nothing here.
/// One waiting developer per build is assumed: the hours are a floor.
public enum WaitingCost {
    /// Developer-hours spent waiting on `samples`.
    public static func developerHours(_ samples: [BuildSample]) -> Double {
        samples.reduce(0) { $0 + (waitedSeconds($1) / 3_600) }
    }

    /// Developer-hours per UTC calendar day, ascending by day; days without waited-on builds are absent.
    public static func perDay(_ samples: [BuildSample]) -> [PeriodCost] {
        bucketed(samples, by: 86_400, origin: 0)
    }

    /// Developer-hours per week (weeks start Monday 00:00 UTC), ascending.
    public static func perWeek(_ samples: [BuildSample]) -> [PeriodCost] {
        // 1970-01-05 was a Monday: measure weeks from there.
        bucketed(samples, by: 7 * 86_400, origin: 4 * 86_400)
    }

    /// Developer-hours per 30 days that a `speedUpPercent` faster **run** time would save, given
    /// the waited-on builds observed over `period` (queue time is left as it is: a faster build
    /// shortens queues too, so this is conservative).
    public static func monthlySavings(_ samples: [BuildSample], over period: DateInterval, speedUpPercent: Double) -> Double {
        guard period.duration > 0, speedUpPercent.isFinite else { return 0 }
        let fraction = min(max(speedUpPercent, 0), 100) / 100
        let runSeconds = samples
            .filter { $0.waitedOn && $0.finishedAt >= period.start && $0.finishedAt < period.end }
            .reduce(0) { $0 + max(0, $1.durationSeconds) }
        let perDay = runSeconds * fraction / (period.duration / 86_400)
        return perDay * 30 / 3_600
    }

    // MARK: Buckets

    /// Developer-hours in one period.
    public struct PeriodCost: Codable, Sendable, Equatable {
        /// Start of the period (UTC).
        public var start: Date
        /// Developer-hours waited.
        public var hours: Double
        /// Waited-on builds in the period.
        public var builds: Int
    }

    private static func waitedSeconds(_ sample: BuildSample) -> Double {
        guard sample.waitedOn else { return 0 }
        return max(0, sample.queueSeconds) + max(0, sample.durationSeconds)
    }

    private static func bucketed(_ samples: [BuildSample], by length: TimeInterval, origin: TimeInterval) -> [PeriodCost] {
        var buckets: [Int: PeriodCost] = [:]
        for sample in samples where sample.waitedOn {
            let offset = sample.finishedAt.timeIntervalSince1970 - origin
            let position = (offset / length).rounded(.down)
            guard position.isFinite, abs(position) < 1e12 else { continue }
            let index = Int(position)
            let start = Date(timeIntervalSince1970: origin + Double(index) * length)
            buckets[index, default: PeriodCost(start: start, hours: 0, builds: 0)].hours += waitedSeconds(sample) / 3_600
            buckets[index]?.builds += 1
        }
        return buckets.keys.sorted().compactMap { buckets[$0] }
    }
}
