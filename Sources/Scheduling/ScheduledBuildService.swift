import Core
import Foundation
import Logging
import MemberwiseInit
import Pipelines
import ServiceLifecycle
import Store

/// Background service that starts the builds of pipelines with `triggers.schedule`.
///
/// Each check asks, per scheduled pipeline and repository it applies to, for the latest
/// schedule time at or before now; the store creates the build only if that occurrence has
/// not been handled, so restarts, several checks per minute and a server that was down at
/// 02:00 all give exactly one build per occurrence.
@MemberwiseInit(.public)
public struct ScheduledBuildService: Service {
    private let library: PipelineLibrary
    private let repositories: any RepositoryStore
    private let schedules: any ScheduleStore
    private let planner: BuildPlanner
    private let dispatcher: JobDispatcher
    private let clock: any TimeSource
    private let logger: Logger
    /// How often the clock is checked; schedules have minute precision.
    private static let interval = Duration.seconds(15)

    /// Checks the schedules until the service group shuts down.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = await checkOnce()
                try? await clock.sleep(for: Self.interval)
            }
        }
    }

    /// One check at the clock's time; answers the builds it started.
    @discardableResult
    public func checkOnce() async -> [Build] {
        await checkOnce(now: clock.now)
    }

    /// One check at `now`.
    func checkOnce(now: Date) async -> [Build] {
        let pipelines = library.catalog.scheduled
        guard !pipelines.isEmpty else { return [] }
        let known: [Repository]
        do { known = try await repositories.repositories() } catch {
            logger.error("schedule check could not list repositories", metadata: ["error": "\(error)"])
            return []
        }
        var started: [Build] = []
        for pipeline in pipelines {
            let occurrence = pipeline.triggers.schedule.map { $0.lastRun(atOrBefore: now) }.max()
            // A pipeline limited to repositories runs once for each; an open one runs for
            // every repository, or once in an empty workspace when none is registered.
            let targets: [Repository?] = pipeline.repositories.isEmpty && known.isEmpty
                ? [nil] : known.filter { pipeline.applies(toRepository: $0.name) }
            for repository in targets {
                let draft = planner.scheduledDraft(pipeline, repository: repository)
                let audit = AuditEvent(occurredAt: now, actor: "schedule", action: "build.schedule", subject: "pipeline:\(pipeline.name)")
                do {
                    if let build = try await schedules.runScheduleIfDue(
                        pipeline: pipeline.name, repository: repository?.name ?? "", occurrence: occurrence, now: now, draft: draft, audit: audit
                    ) {
                        logger.info("scheduled build started", metadata: ["pipeline": "\(pipeline.name)", "build": "\(build.id)"])
                        started.append(build)
                    }
                } catch {
                    logger.error("scheduled build failed", metadata: ["pipeline": "\(pipeline.name)", "error": "\(error)"])
                }
            }
        }
        if !started.isEmpty { dispatcher.wake() }
        return started
    }
}
