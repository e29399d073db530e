import Core
import Foundation

/// The feed's entry for a failed build of a repository's default branch (pull requests and
/// feature branches fail as everyday work and stay out of the feed), the same on every backend.
package enum FailedBuildAnnouncement {
    /// The event; its summary names the build's queue, run and total time when known.
    package static func event(build: Build, repository: String, defaultBranch: String, times: BuildTimes?, now: Date) -> NotableEvent {
        NotableEvent(
            kind: "build.failed",
            title: "\(repository) \(build.pipeline) #\(build.number) failed on \(defaultBranch)",
            summary: "Pipeline \(build.pipeline) failed at commit \(build.commitSHA.prefix(12))\(build.message.map { ": \($0)" } ?? "")."
                + (times.map { " \($0.summaryText)." } ?? ""),
            // The build's page in the dashboard, which people open from a feed reader.
            url: "/builds/\(build.id)", occurredAt: now)
    }
}
