import Foundation
import MemberwiseInit

/// How long a MobileOps build waited, ran and took, defined once for every output (metrics
/// summary, dashboard, feed, Prometheus):
///
/// - **queue** = first job assigned − build created (no job ever assigned: the whole life of
///   the build, which waited until it ended);
/// - **run** = last job finished − first job started (0 when no job started);
/// - **total** = build finished − build created.
///
/// While a build is unfinished, `now` stands in for the times still to come, so the figures
/// are "so far". Every value is at least 0 (clocks of a restored database may disagree).
@MemberwiseInit(.public)
public struct BuildTimes: Codable, Sendable, Equatable {
    /// Seconds from creation until the first job was given to an agent.
    public var queueSeconds: Double
    /// Seconds from the first job's start to the last job's end.
    public var runSeconds: Double
    /// Seconds from creation to the end of the build.
    public var totalSeconds: Double

    /// The figures of a build from its own and its jobs' times (every attempt counts: a
    /// retried job ran, and its agent was busy, all the same).
    /// - Parameters:
    ///   - createdAt: When the build was created.
    ///   - finishedAt: When it finished; nil while it runs.
    ///   - firstAssignedAt: The earliest `assignedAt` of its jobs.
    ///   - firstStartedAt: The earliest `startedAt` of its jobs.
    ///   - lastFinishedAt: The latest `finishedAt` of its jobs that started.
    ///   - now: The clock's time, for unfinished builds.
    public init(
        createdAt: Date, finishedAt: Date?, firstAssignedAt: Date?, firstStartedAt: Date?, lastFinishedAt: Date?, now: Date
    ) {
        let end = finishedAt ?? now
        queueSeconds = max(0, (firstAssignedAt ?? end).timeIntervalSince(createdAt))
        if let firstStartedAt {
            // A job still running (or a build still open) runs until now.
            let runEnd = finishedAt == nil ? now : (lastFinishedAt ?? end)
            runSeconds = max(0, runEnd.timeIntervalSince(firstStartedAt))
        } else {
            runSeconds = 0
        }
        totalSeconds = max(0, end.timeIntervalSince(createdAt))
    }
}

extension BuildTimes {
    /// `Queue 0.42 s, run 3.18 s, total 3.91 s` (`12m 05s` from a minute on), as the feed says it.
    public var summaryText: String {
        "Queue \(Self.text(queueSeconds)), run \(Self.text(runSeconds)), total \(Self.text(totalSeconds))"
    }

    /// Seconds with two decimals below a minute, else minutes and seconds (or hours and minutes).
    public static func text(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "-" }
        if seconds < 60 { return String(format: "%.2f s", seconds) }
        let whole = Int(min(seconds, 1e12).rounded())
        if whole < 3_600 { return String(format: "%dm %02ds", whole / 60, whole % 60) }
        return String(format: "%dh %02dm", whole / 3_600, (whole % 3_600) / 60)
    }
}
