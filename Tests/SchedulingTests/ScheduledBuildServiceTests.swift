import Core
import Foundation
import Logging
import Pipelines
import Scheduling
import Store
import StoreSQLite
import Testing
import TestSupport

/// `triggers.schedule`: the clock starts builds, once per occurrence, across restarts.
@Suite("Scheduled builds")
struct ScheduledBuildServiceTests {
    /// The schedule service as the server composes it, over the SQLite file in `directory`
    /// and the pipelines in its `pipelines/` folder, on `clock`: what a server started there
    /// would run.
    static func service(in directory: TemporaryDirectory, clock: ManualClock) throws -> (ScheduledBuildService, AppDatabase) {
        let database = try AppDatabase.open(path: directory.path("db/mobile-ops.sqlite"), clock: clock)
        let library = PipelineLibrary(directory: directory.path("pipelines"))
        #expect(library.reload().isEmpty)
        var logger = Logger(label: "SchedulingTests")
        logger.logLevel = .critical
        let dispatcher = JobDispatcher(queue: database, leaseSeconds: 60, clock: clock, logger: logger)
        let service = ScheduledBuildService(
            library: library, repositories: database, schedules: database, planner: BuildPlanner(library: library),
            dispatcher: dispatcher, clock: clock, logger: logger
        )
        return (service, database)
    }

    @Test("each occurrence starts one build of the default branch; a missed one runs once after a restart", arguments: DateShift.all)
    func firesOncePerOccurrence(shift: TimeInterval) async throws {
        let directory = try TemporaryDirectory("schedule")
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path("pipelines"), withIntermediateDirectories: true)
        try NightlyPipeline.yaml.write(toFile: directory.path("pipelines/nightly.yml"), atomically: true, encoding: .utf8)
        let at = { (hour: Int, minute: Int, day: Int) in NightlyPipeline.at(hour, minute, day: day, shift: shift) }
        let clock = ManualClock(at: at(15, 0, 20))
        let (service, database) = try Self.service(in: directory, clock: clock)
        let repositories = RepositoryService(store: database, clock: clock)
        _ = try await repositories.create(
            RepositoryDraft(name: "acme/ios-app", provider: "github", cloneURL: "https://github.com/acme/ios-app.git", defaultBranch: "develop"), actor: "tests"
        )
        let check = { (hour: Int, minute: Int, day: Int) -> [Build] in
            clock.set(at(hour, minute, day))
            return await service.checkOnce()
        }
        // First sight at 15:00: yesterday's 02:00 is not run retroactively.
        await #expect(check(15, 0, 20).isEmpty)
        await #expect(check(1, 59, 21).isEmpty)
        let started = await check(2, 0, 21)
        #expect(started.count == 1)
        let build = try #require(started.first)
        #expect(build.pipeline == "nightly")
        #expect(build.trigger == "schedule")
        #expect(build.branch == "develop")
        #expect(build.commitSHA == "develop")
        #expect(build.createdAt == at(2, 0, 21), "the build is created at the clock's time")
        await #expect(check(2, 0, 21).isEmpty, "the same occurrence never runs twice")
        await #expect(check(9, 30, 21).isEmpty)
        await database.close()

        // The server is down over the next 02:00 and comes back at 07:00: one catch-up build.
        clock.set(at(7, 0, 22))
        let (restarted, reopened) = try Self.service(in: directory, clock: clock)
        #expect(await restarted.checkOnce().count == 1)
        clock.set(at(7, 1, 22))
        #expect(await restarted.checkOnce().isEmpty)
        #expect(try await reopened.builds(BuildFilter(branch: "develop")).count == 2)
        await reopened.close()
    }
}
