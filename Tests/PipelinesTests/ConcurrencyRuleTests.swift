import Testing
import Pipelines

/// Group templates render per build, with the documented fallbacks.
@Suite struct ConcurrencyRuleTests {
    @Test func rendersEveryPlaceholder() {
        let rule = ConcurrencyRule(group: "{repository}/{pipeline}/{branch}/pr-{pr}", cancelInProgress: true)
        let name = rule.groupName(repository: "acme/app", branch: "fix/crash", pr: 42, pipeline: "ios-pr")
        #expect(name == "acme/app/ios-pr/fix/crash/pr-42")
    }

    @Test func prFallsBackToBranchOutsidePullRequests() {
        let rule = ConcurrencyRule(group: "pr-{pr}")
        #expect(rule.groupName(repository: "r", branch: "main", pr: nil, pipeline: "p") == "pr-main")
        #expect(rule.groupName(repository: "r", branch: nil, pr: nil, pipeline: "p") == "pr-")
    }

    @Test func textWithoutPlaceholdersIsKept() {
        #expect(ConcurrencyRule(group: "deploy").groupName(repository: "r", branch: "b", pr: 1, pipeline: "p") == "deploy")
    }

    @Test func pipelineRendersTheGroupForAnEvent() throws {
        let yaml = """
            name: ios-pr
            concurrency: {group: "{repository}/pr-{pr}", cancel_in_progress: true}
            steps: [{key: a, command: make}]
            """
        let definition = try #require(parsed(yaml))
        let event = TriggerContext.pullRequest(targetBranch: "main", sourceBranch: "fix", number: 12)
        #expect(definition.concurrencyGroup(for: event, repository: "acme/app") == "acme/app/pr-12")
        #expect(definition.concurrencyGroup(for: .push(branch: "main"), repository: "acme/app") == "acme/app/pr-main")
        #expect(definition.concurrencyGroup(for: .manual, repository: "acme/app", branch: "dev") == "acme/app/pr-dev")
        #expect(definition.concurrency?.cancelInProgress == true)
    }

    @Test func unclosedBraceIsKeptAsText() {
        // The parser rejects such templates; rendering must still not lose text or crash.
        let rule = ConcurrencyRule(group: "a-{pr}-{oops")
        #expect(rule.groupName(repository: "r", branch: "b", pr: 9, pipeline: "p") == "a-9-{oops")
    }
}
