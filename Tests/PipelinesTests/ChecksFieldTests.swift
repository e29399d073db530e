import Core
import Pipelines
import Testing

/// A step's `checks: deps` reaches its job specs; mistakes are positioned errors.
struct ChecksFieldTests {
    @Test func shorthandAndMappingReachTheJobs() throws {
        let short = try #require(parsed(pipelineWithStep("    checks: deps")))
        #expect(short.jobPlans().first?.spec.checks == DependencyChecksStep())
        let full = try #require(parsed(pipelineWithStep("""
                checks:
                  deps:
                    project: android
                    rules: ci/checks.yml
                    kind: gradle
            """)))
        #expect(full.jobPlans().first?.spec.checks == DependencyChecksStep(project: "android", rules: "ci/checks.yml", kind: "gradle"))
        #expect(try #require(parsed(pipelineWithStep("    checks: {deps: true}"))).steps.first?.checks == DependencyChecksStep())
        #expect(try #require(parsed(pipelineWithStep(""))).steps.first?.checks == nil)
    }

    @Test func mistakesArePositioned() {
        #expect(errors(pipelineWithStep("    checks: lint")).first?.hasPrefix("6:13: checks must be deps") == true)
        #expect(errors(pipelineWithStep("    checks:\n      deps:\n        projekt: ios")).first?.contains("unknown key 'projekt' in checks.deps; did you mean 'project'?") == true)
        #expect(errors(pipelineWithStep("    checks:\n      deps:\n        rules: ../x.yml")).first?.contains("checks.deps.rules must be a path inside the repository") == true)
        #expect(errors(pipelineWithStep("    checks:\n      deps:\n        kind: bazel")).first?.contains("checks.deps.kind must be gradle, xcodegen or spm") == true)
    }
}
