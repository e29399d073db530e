import Core
import Pipelines
import Testing

/// A step's `ui_tests:` reaches every shard's job spec; mistakes are positioned errors.
struct UITestsFieldTests {
    @Test func mappingAndShorthandReachTheJobs() throws {
        let yaml = pipelineWithStep("""
                parallelism: 3
                ui_tests:
                  project: ios
                  graph: ci/graph.json
                  run_all: [ci/**, Tuist/**]
            """)
        let pipeline = try #require(parsed(yaml))
        let plans = pipeline.jobPlans()
        #expect(plans.count == 3)
        #expect(plans.allSatisfy { $0.spec.uiTests == UITestSelection(project: "ios", graph: "ci/graph.json", runAll: ["ci/**", "Tuist/**"]) })
        #expect(try #require(parsed(pipelineWithStep("    ui_tests: true"))).steps.first?.uiTests == UITestSelection())
        #expect(try #require(parsed(pipelineWithStep("    ui_tests: false"))).steps.first?.uiTests == nil)
    }

    @Test func mistakesArePositioned() {
        #expect(errors(pipelineWithStep("    ui_tests: sometimes")) == [
            "6:15: ui_tests must be true, false or a mapping with project, graph and run_all, found the text \"sometimes\"",
        ])
        #expect(errors(pipelineWithStep("    ui_tests:\n      project: /abs")) == [
            "7:16: ui_tests.project must be relative to the repository, found \"/abs\"",
        ])
        #expect(errors(pipelineWithStep("    ui_tests:\n      graph: ../x.json")).first?.hasPrefix("7:14: ui_tests.graph must not leave the repository") == true)
        #expect(errors(pipelineWithStep("    ui_tests:\n      projekt: ios")).first?.contains("projekt") == true)
    }
}
