import BuildMetrics
import Foundation

extension MetricBuildRow {
    /// The row a validated report is stored as, decided without SQL so both backends store the
    /// same values: a report from the API is one build (queue and run as reported, total their
    /// sum); a job's report is the breakdown of its MobileOps build (`unit = job`), which is
    /// counted once, when it finishes.
    package static func report(_ report: BuildReport, source: MetricsSource, waitedOn: Bool, now: Date) -> MetricBuildRow {
        // Negative or missing durations count as zero rather than failing the report: the
        // report was validated, and a zero is a smaller lie than a gap in the rollups.
        let run = max(0, report.effectiveDurationSeconds ?? 0)
        let queue = max(0, report.queueSeconds ?? 0)
        return MetricBuildRow(
            source: source, unit: source.jobBuildID == nil ? .build : .job, ciBuildID: source.jobBuildID, externalID: report.id,
            dimensions: report.dimensions, buildSystem: report.dimensions.buildSystem, outcome: report.outcome,
            startedAt: report.startedAt, finishedAt: finishedAt(of: report, now: now),
            times: BuildTimes(queueSeconds: queue, runSeconds: run, totalSeconds: queue + run), waitedOn: waitedOn,
            counters: counters(of: CacheStatistics(tasks: report.tasks)), receivedAt: now)
    }

    /// When the report's build finished: as reported, else its start plus its run, else when
    /// it was received. Its test cases are dated the same.
    package static func finishedAt(of report: BuildReport, now: Date) -> Date {
        let run = max(0, report.effectiveDurationSeconds ?? 0)
        return report.finishedAt ?? report.startedAt.map { $0.addingTimeInterval(run) } ?? now
    }

    /// The task counters in the order every backend's counter columns are listed.
    package static func counters(of cache: CacheStatistics) -> [Int] {
        [cache.executed, cache.failed, cache.fromCache, cache.localHits, cache.remoteHits, cache.upToDate, cache.noSource, cache.skipped]
    }

    /// The test summary's failure list as stored beside its counts (`failures` column): compact,
    /// key-sorted JSON, so equal reports give equal text on either backend.
    package static func failuresText(of tests: TestSummary) -> String {
        (try? StoreJSON.encode(tests.failures)) ?? "[]"
    }

    /// The parsers' warnings as stored with a test run (`warnings` column).
    package static func warningsText(of tests: TestSummary) -> String {
        (try? StoreJSON.encode(tests.warnings)) ?? "[]"
    }

    /// Reads a stored list back (failures or warnings); unreadable text reads as empty rather
    /// than failing the page that shows it.
    package static func decodeList<Element: Decodable>(_ text: String?, as type: Element.Type) -> [Element] {
        guard let text else { return [] }
        return (try? JSONDecoder().decode([Element].self, from: Data(text.utf8))) ?? []
    }
}
