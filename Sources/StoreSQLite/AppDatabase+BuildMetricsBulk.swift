import BuildMetrics
import Foundation
import GRDB
import MemberwiseInit
import Store

/// One report of a bulk import, with what ``BuildMetricsStore/insertBuildReport(_:source:waitedOn:now:)`` takes.
@MemberwiseInit(.public)
public struct BuildReportImport: Sendable {
    /// The validated report.
    public var report: BuildReport
    /// Where it came from.
    public var source: MetricsSource = .api
    /// Whether a developer waited on it.
    public var waitedOn: Bool
}

extension AppDatabase {
    /// Stores many reports in one transaction through the same insert path as single reports
    /// (detail rows and rollups alike): for importing history from another CI, and for the
    /// benchmark that loads a million builds. All or nothing.
    public func importBuildReports(_ reports: [BuildReportImport], now: Date) async throws(StoreError) -> [StoredReport] {
        try await write { db in
            try reports.map { entry in
                try Self.insertBuildReport(entry.report, source: entry.source, waitedOn: entry.waitedOn, now: now, in: db)
            }
        }
    }
}
