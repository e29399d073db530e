import Core
import Testing

@Suite("Job and build states, agent requirements, pending reasons")
struct SchedulingValuesTests {
    @Test("job transitions follow the state machine; finished states are final")
    func jobTransitions() {
        #expect(JobState.pending.canMove(to: .assigned))
        #expect(JobState.assigned.canMove(to: .running))
        #expect(JobState.running.canMove(to: .lost))
        #expect(JobState.running.canMove(to: .timedOut))
        #expect(!JobState.pending.canMove(to: .running))
        #expect(!JobState.pending.canMove(to: .passed))
        for state in JobState.allCases where state.isFinished {
            #expect(state.allowedNext.isEmpty, "\(state)")
        }
        #expect(JobState.timedOut.rawValue == "timed_out")
    }

    @Test("a build's state derives from its jobs", arguments: [
        ([JobState](), BuildState.passed),
        ([.pending, .pending], .pending),
        ([.pending, .assigned], .running),
        ([.passed, .pending], .running),
        ([.passed, .passed], .passed),
        ([.passed, .failed], .failed),
        ([.canceled, .failed], .failed),
        ([.canceled, .passed], .canceled),
        ([.lost, .passed], .failed),
        ([.timedOut], .failed),
    ])
    func buildDerivation(jobs: [JobState], expected: BuildState) {
        #expect(BuildState.derive(from: jobs) == expected)
    }

    @Test("requirements match agents by tag, extra agent tags do not matter")
    func requirements() {
        let needs = AgentRequirements(["platform": ["ios"], "xcode": ["16.2", "16.3"]])
        #expect(needs.isSatisfied(by: ["platform": "ios", "xcode": "16.3", "arch": "arm64"]))
        #expect(!needs.isSatisfied(by: ["platform": "ios", "xcode": "15.4"]))
        #expect(!needs.isSatisfied(by: ["platform": "android"]))
        #expect(needs.unmet(by: ["platform": "ios"]) == ["xcode=16.2|16.3"])
        #expect(AgentRequirements().isSatisfied(by: [:]))
        #expect(AgentRequirements(["gpu": []]).isSatisfied(by: ["gpu": "any"]))
    }

    @Test("pending reasons read as sentences")
    func pendingReasons() {
        #expect(PendingReason.noMatchingAgent(requirements: "xcode=16.2").message == "no online agent has xcode=16.2")
        #expect(PendingReason.waitingForConcurrencyGroup("pr-42").message == "waiting for concurrency group pr-42")
        #expect(PendingReason.waitingForSteps(["build"]).message == "waiting for step build")
        #expect(PendingReason.agentsBusy(matching: 1).message == "all 1 matching agent is busy")
    }
}
