import Foundation
import GRDB
import Store

extension AppDatabase {
    /// `v12-build-metrics-per-build`: a `metricBuild` row is a build or a job's report
    /// (`unit`), knows its MobileOps build (`ciBuildID`) and its total time; the rollups keep
    /// total time too. Never edited once shipped.
    static func registerBuildMetricsPerBuildMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12-build-metrics-per-build") { db in
            try db.alter(table: "metricBuild") { t in
                t.add(column: "unit", .text).notNull().defaults(to: MetricBuildRow.Unit.build.rawValue)
                t.add(column: "ciBuildID", .integer)
                t.add(column: "totalSeconds", .double).notNull().defaults(to: 0)
            }
            // Job reports were stored as builds: they become the breakdown they are. Their
            // share of past rollups stays (a rollup cannot be split after the fact).
            try db.execute(sql: """
                UPDATE metricBuild SET unit = 'job',
                  ciBuildID = (SELECT buildID FROM job WHERE job.id = CAST(substr(metricBuild.source, 5) AS INTEGER))
                WHERE source LIKE 'job:%';
                UPDATE metricBuild SET totalSeconds = durationSeconds + queueSeconds;
                """)
            try db.create(index: "metricBuild_on_ciBuildID", on: "metricBuild", columns: ["ciBuildID"], condition: Column("ciBuildID") != nil)
            for table in RollupTable.allCases.map(\.name) {
                try db.alter(table: table) { t in
                    t.add(column: "totalSum", .double).notNull().defaults(to: 0)
                    t.add(column: "totalHistogram", .blob).notNull().defaults(to: Data())
                }
                try db.execute(sql: "UPDATE \(table) SET totalSum = durationSum + queueSum")
            }
        }
    }
}
