import BuildMetrics
import Core
import Foundation
import MemberwiseInit

/// What one job's build report said about where and how it built, and its task counters: the
/// parts a finished build's own metrics row is made of.
///
/// A MobileOps build counts as one build in the metrics, whatever its number of jobs. Its row
/// takes the dimensions its jobs agree on and the sum of their counters; deciding that here,
/// without SQL, keeps both store backends' rows the same.
@MemberwiseInit(.package)
package struct JobReportDimensions: Equatable {
    package var platform: String?
    package var machine: String?
    package var xcodeVersion: String?
    package var gradleVersion: String?
    package var buildKind: String?
    package var buildSystem: String
    /// In `MetricBuildRow.counters` order.
    package var counters: [Int]

    /// The finished `build`'s metrics row, from its jobs' reports.
    package static func buildRow(
        of build: Build, repository: String?, jobs: [JobReportDimensions], outcome: BuildOutcome, finishedAt: Date,
        firstStartedAt: Date?, times: BuildTimes, now: Date
    ) -> MetricBuildRow {
        var counters = Array(repeating: 0, count: 8)
        for job in jobs {
            for index in counters.indices where index < job.counters.count { counters[index] += job.counters[index] }
        }
        func agreed(_ value: (JobReportDimensions) -> String?) -> String? {
            let values = Set(jobs.compactMap(value))
            return values.count == 1 ? values.first : nil
        }
        let dimensions = BuildDimensions(
            repository: repository ?? "unknown", branch: build.branch, pipeline: build.pipeline,
            platform: agreed(\.platform).flatMap(Platform.init(rawValue:)), machine: agreed(\.machine),
            xcodeVersion: agreed(\.xcodeVersion), gradleVersion: agreed(\.gradleVersion), environment: .ci,
            buildKind: agreed(\.buildKind).flatMap(BuildKind.init(rawValue:)))
        return MetricBuildRow(
            source: .build(build.id), unit: .build, ciBuildID: build.id, externalID: nil, dimensions: dimensions,
            // Jobs on different build systems (an iOS and an Android job) make an `other` build.
            buildSystem: jobs.isEmpty ? dimensions.buildSystem : agreed(\.buildSystem) ?? "other",
            outcome: outcome, startedAt: firstStartedAt, finishedAt: finishedAt, times: times,
            waitedOn: JobMetricsContext.isWaitedOn(trigger: build.trigger), counters: counters, receivedAt: now)
    }
}
