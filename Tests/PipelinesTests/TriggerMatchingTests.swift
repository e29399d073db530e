import Foundation
import Testing
import Pipelines

/// Which pipelines an event starts, for pushes, tags, pull requests, manual and scheduled
/// builds, and for which repositories.
@Suite struct TriggerMatchingTests {
    static let catalog: PipelineCatalog = {
        let sources = [
            ("a.yml", """
                name: ios-pr
                repositories: [acme/ios-*]
                triggers:
                  pull_request:
                    branches: [main, "release/*"]
                steps: [{key: a, command: make}]
                """),
            ("b.yml", """
                name: release
                priority: 10
                triggers:
                  push:
                    branches: ["release/**"]
                    tags: ["v*"]
                  manual: false
                steps: [{key: a, command: make}]
                """),
            ("c.yml", """
                name: main
                repositories: [acme/ios-app, "acme/android-*"]
                triggers:
                  push: {branches: [main]}
                  schedule: daily at 03:00
                steps: [{key: a, command: make}]
                """),
        ]
        return PipelineCatalog.load(sources: sources).catalog
    }()

    func names(_ trigger: TriggerContext, _ repository: String) -> [String] {
        Self.catalog.matching(trigger, repository: repository).map(\.name)
    }

    // MARK: Events

    @Test func pushMatchesBranchGlobs() {
        #expect(names(.push(branch: "main"), "acme/ios-app") == ["main"])
        #expect(names(.push(branch: "release/2.0/rc"), "acme/ios-app") == ["release"])
        #expect(names(.push(branch: "feature/x"), "acme/ios-app").isEmpty)
    }

    @Test func tagsMatchTagGlobsOnly() {
        #expect(names(.tag(name: "v2.0.0"), "acme/ios-app") == ["release"])
        #expect(names(.tag(name: "main"), "acme/ios-app").isEmpty)
    }

    @Test func pullRequestsMatchTheTargetBranch() {
        let intoRelease = TriggerContext.pullRequest(targetBranch: "release/2.0", sourceBranch: "fix/crash", number: 7)
        #expect(names(intoRelease, "acme/ios-app") == ["ios-pr"])
        let intoFeature = TriggerContext.pullRequest(targetBranch: "feature/x", sourceBranch: "main", number: 8)
        #expect(names(intoFeature, "acme/ios-app").isEmpty)
    }

    @Test func manualAndScheduled() {
        #expect(names(.manual, "acme/ios-app") == ["ios-pr", "main"])
        #expect(names(.scheduled, "acme/ios-app") == ["main"])
        #expect(Self.catalog.scheduled.map(\.name) == ["main"])
    }

    // MARK: Repositories and order

    @Test func repositoriesFilterPipelines() {
        #expect(names(.manual, "acme/android-app") == ["main"])
        #expect(names(.manual, "ACME/Android-App") == ["main"])
        #expect(names(.manual, "other/tool").isEmpty)
        #expect(names(.tag(name: "v1"), "other/tool") == ["release"])
    }

    @Test func higherPriorityComesFirst() {
        let catalog = PipelineCatalog(pipelines: [
            PipelineDefinition(name: "low", file: "l.yml", steps: [StepDefinition(key: "a", commands: ["x"])]),
            PipelineDefinition(name: "high", file: "h.yml", steps: [StepDefinition(key: "a", commands: ["x"])], priority: 3),
        ])
        #expect(catalog.matching(.manual, repository: "r").map(\.name) == ["high", "low"])
    }

    // MARK: Schedule times

    @Test func dailyScheduleParsesAndFindsTheNextRun() throws {
        let schedule = try #require(DailySchedule(parsing: "Daily at 2:05"))
        #expect(schedule.description == "daily at 02:05")
        #expect(DailySchedule(parsing: "daily at 24:00") == nil)
        #expect(DailySchedule(parsing: "every night") == nil)
        let midnight = Date(timeIntervalSince1970: 86_400 * 10)
        #expect(schedule.nextRun(after: midnight) == midnight.addingTimeInterval(2 * 3600 + 300))
        let later = midnight.addingTimeInterval(3 * 3600)
        #expect(schedule.nextRun(after: later) == midnight.addingTimeInterval(86_400 + 2 * 3600 + 300))
    }
}
