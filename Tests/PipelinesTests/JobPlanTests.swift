import Testing
import Core
import Pipelines

/// Steps expand into jobs: one per step, one per shard of a parallel step.
@Suite struct JobPlanTests {
    static let yaml = """
        name: ios-pr
        env:
          SCHEME: App
          MODE: pipeline
        steps:
          - key: build
            command: make build
            agents: {platform: ios}
            timeout: 10m
          - key: ui-tests
            label: UI tests
            command: make test
            depends_on: build
            parallelism: 3
            env: {MODE: step}
            agents: {platform: ios, xcode: ["16.2", "16.3"]}
            artifacts: ["build/*.xcresult"]
            retry: {exit_codes: [65]}
        """

    @Test func expandsShardsWithIndexAndCount() throws {
        let plans = try #require(parsed(Self.yaml)).jobPlans()
        #expect(plans.map(\.jobKey) == ["build", "ui-tests#1", "ui-tests#2", "ui-tests#3"])
        #expect(plans.map(\.label) == ["build", "UI tests (1/3)", "UI tests (2/3)", "UI tests (3/3)"])
        #expect(plans.map(\.shardIndex) == [0, 0, 1, 2])
        #expect(plans.map(\.shardCount) == [1, 3, 3, 3])
        #expect(plans.map { $0.env["MOBILE_OPS_SHARD_INDEX"] } == ["0", "0", "1", "2"])
        #expect(plans.map { $0.env["MOBILE_OPS_SHARD_COUNT"] } == ["1", "3", "3", "3"])
    }

    @Test func mergesEnvironmentStepOverPipeline() throws {
        let plans = try #require(parsed(Self.yaml)).jobPlans()
        #expect(plans[0].env == [
            "SCHEME": "App", "MODE": "pipeline", "MOBILE_OPS_SHARD_INDEX": "0", "MOBILE_OPS_SHARD_COUNT": "1",
            "MOBILE_OPS_PIPELINE": "ios-pr", "MOBILE_OPS_STEP_KEY": "build",
        ])
        #expect(plans[2].env["MODE"] == "step")
        #expect(plans[2].env["SCHEME"] == "App")
        #expect(plans[2].env["MOBILE_OPS_STEP_KEY"] == "ui-tests")
    }

    @Test func carriesStepSettingsIntoEveryShard() throws {
        let plans = try #require(parsed(Self.yaml)).jobPlans()
        #expect(plans[0].timeoutSeconds == 600)
        for plan in plans.dropFirst() {
            #expect(plan.stepKey == "ui-tests")
            #expect(plan.commands == ["make test"])
            #expect(plan.dependsOn == ["build"])
            #expect(plan.artifacts == ["build/*.xcresult"])
            #expect(plan.requirements == AgentRequirements(["platform": ["ios"], "xcode": ["16.2", "16.3"]]))
            #expect(plan.retry == RetryPolicy(agentLost: 2, exitCodes: [65], exitCodeLimit: 1))
            #expect(plan.timeoutSeconds == StepDefinition.defaultTimeoutSeconds)
        }
    }

    @Test func agentTagsSatisfyRequirementsAsStrings() throws {
        let plan = try #require(parsed(Self.yaml)?.jobPlans().last)
        #expect(plan.requirements.isSatisfied(by: ["platform": "ios", "xcode": "16.3", "extra": "x"]))
        #expect(!plan.requirements.isSatisfied(by: ["platform": "ios", "xcode": "16.1"]))
        #expect(!plan.requirements.isSatisfied(by: ["platform": "ios"]))
    }

    @Test func convertsToCoreJobDrafts() throws {
        let plan = try #require(parsed(Self.yaml)?.jobPlans().last)
        let draft = plan.draft
        #expect(draft.stepKey == "ui-tests")
        #expect(draft.label == "UI tests (3/3)")
        #expect(draft.shardIndex == 2)
        #expect(draft.shardCount == 3)
        #expect(draft.spec.commands == ["make test"])
        #expect(draft.spec.env["MOBILE_OPS_SHARD_INDEX"] == "2")
        #expect(draft.spec.timeoutSeconds == StepDefinition.defaultTimeoutSeconds)
        #expect(draft.spec.retry.exitCodes == [65])
        #expect(draft.spec.dependsOn == ["build"])
        #expect(draft.spec.artifacts == ["build/*.xcresult"])
    }
}
