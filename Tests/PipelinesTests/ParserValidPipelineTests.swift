import Testing
import Core
import Pipelines
import YAMLReading

/// A complete, valid pipeline reads into exactly the values written, and omitted keys take
/// their documented defaults.
@Suite struct ParserValidPipelineTests {
    static let full = """
        name: ios-pr
        repositories: ["acme/ios-*", acme/shared]
        triggers:
          push:
            branches: [main, "release/*"]
            tags: ["v*"]
          pull_request:
            branches: [main]
          manual: false
          schedule: [daily at 02:30, "daily at 7:05"]
        env:
          LANG: en_US.UTF-8
          RETRIES: 3
        concurrency:
          group: "{repository}/pr-{pr}"
          cancel_in_progress: true
        priority: 5
        cancel_superseded: false
        steps:
          - key: build
            label: Build
            commands:
              - xcodebuild -resolvePackageDependencies
              - xcodebuild build-for-testing
            agents:
              platform: ios
              xcode: [16.2, "16.3"]
            timeout: 1h30m
            artifacts: build/Build.xcresult
            env:
              LANG: C
          - key: ui_tests
            command: xcodebuild test-without-building
            depends_on: build
            parallelism: 4
            timeout: 90
            retry:
              agent_lost: 3
              exit_codes: [65, 70]
              limit: 2
            artifacts: ["build/*.xcresult", logs/**]
        """

    // MARK: Every field

    @Test func readsEveryField() throws {
        let definition = try PipelineParser.parse(yaml: Self.full, file: "ios-pr.yml").get()
        #expect(definition.name == "ios-pr")
        #expect(definition.file == "ios-pr.yml")
        #expect(definition.repositories == [Glob("acme/ios-*"), Glob("acme/shared")])
        #expect(definition.triggers.push == .init(branches: [Glob("main"), Glob("release/*")], tags: [Glob("v*")]))
        #expect(definition.triggers.pullRequest == .init(targetBranches: [Glob("main")]))
        #expect(definition.triggers.manual == false)
        #expect(definition.triggers.schedule.map(\.description) == ["daily at 02:30", "daily at 07:05"])
        #expect(definition.env == ["LANG": "en_US.UTF-8", "RETRIES": "3"])
        #expect(definition.concurrency == ConcurrencyRule(group: "{repository}/pr-{pr}", cancelInProgress: true))
        #expect(definition.priority == 5)
        #expect(definition.cancelSuperseded == false)

        let build = try #require(definition.step("build"))
        #expect(build.label == "Build")
        #expect(build.commands == ["xcodebuild -resolvePackageDependencies", "xcodebuild build-for-testing"])
        #expect(build.agents.tags == ["platform": ["ios"], "xcode": ["16.2", "16.3"]])
        #expect(build.timeoutSeconds == 5400)
        #expect(build.artifacts == ["build/Build.xcresult"])
        #expect(build.env == ["LANG": "C"])
        #expect(build.retry == RetryPolicy())
        #expect(build.parallelism == 1)

        let tests = try #require(definition.step("ui_tests"))
        #expect(tests.label == "ui_tests")
        #expect(tests.commands == ["xcodebuild test-without-building"])
        #expect(tests.dependsOn == ["build"])
        #expect(tests.parallelism == 4)
        #expect(tests.timeoutSeconds == 90)
        #expect(tests.retry == RetryPolicy(agentLost: 3, exitCodes: [65, 70], exitCodeLimit: 2))
        #expect(tests.artifacts == ["build/*.xcresult", "logs/**"])
    }

    // MARK: Defaults

    @Test func omittedKeysTakeDefaults() throws {
        let definition = try #require(parsed("name: tiny\nsteps:\n  - key: a\n    command: make\n"))
        #expect(definition.repositories.isEmpty)
        #expect(definition.applies(toRepository: "anyone/anything"))
        #expect(definition.triggers == PipelineTriggers(push: nil, pullRequest: nil, manual: true, schedule: []))
        #expect(definition.env.isEmpty)
        #expect(definition.concurrency == nil)
        #expect(definition.priority == 0)
        #expect(definition.cancelSuperseded)
        let step = try #require(definition.steps.first)
        #expect(step.label == "a")
        #expect(step.timeoutSeconds == StepDefinition.defaultTimeoutSeconds)
        #expect(step.retry == RetryPolicy(agentLost: 2, exitCodes: [], exitCodeLimit: 0))
        #expect(step.agents.tags.isEmpty)
    }

    @Test func bareTriggerKeysMeanEveryBranch() throws {
        let yaml = "name: t\ntriggers:\n  push:\n  pull_request:\nsteps:\n  - key: a\n    command: make\n"
        let triggers = try #require(parsed(yaml)).triggers
        #expect(triggers.push == .init(branches: [Glob("**")], tags: []))
        #expect(triggers.pullRequest == .init(targetBranches: [Glob("**")]))
    }

    @Test func tagsOnlyPushDoesNotBuildBranches() throws {
        let yaml = "name: t\ntriggers:\n  push:\n    tags: [v*]\nsteps:\n  - key: a\n    command: make\n"
        let triggers = try #require(parsed(yaml)).triggers
        #expect(triggers.push == .init(branches: [], tags: [Glob("v*")]))
        #expect(!triggers.matches(.push(branch: "main")))
        #expect(triggers.matches(.tag(name: "v1.2.0")))
    }

    @Test func exitCodesWithoutLimitRetryOnce() throws {
        let definition = try #require(parsed(pipelineWithStep("    retry:\n      exit_codes: 65")))
        let retry = try #require(definition.steps.first).retry
        #expect(retry == RetryPolicy(agentLost: 2, exitCodes: [65], exitCodeLimit: 1))
        #expect(retry.retries(after: .failed, exitStatus: 65, attempt: 1))
        #expect(!retry.retries(after: .failed, exitStatus: 65, attempt: 2))
        #expect(!retry.retries(after: .failed, exitStatus: 1, attempt: 1))
    }

    @Test func mergeKeysShareSettingsBetweenSteps() throws {
        let yaml = """
            name: t
            steps:
              - key: a
                command: make
                agents: &mac {platform: ios, xcode: "16.2"}
              - key: b
                command: make test
                agents:
                  <<: *mac
                  xcode: "16.3"
            """
        let definition = try #require(parsed(yaml))
        #expect(definition.step("b")?.agents.tags == ["platform": ["ios"], "xcode": ["16.3"]])
    }
}
