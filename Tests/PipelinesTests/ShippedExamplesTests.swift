import Foundation
import Testing
import Core
import Pipelines
import YAMLReading

/// The example pipelines shipped in the repository's `pipelines/` folder stay valid and
/// describe what their README promises.
@Suite struct ShippedExamplesTests {
    static let directory = FileManagerPath.packageRoot() + "/pipelines"

    @Test func everyShippedExampleParsesWithoutErrors() {
        let files = FileManagerPath.yamlFiles(in: Self.directory)
        #expect(files.count >= 3)
        for file in files {
            if case .failure(let failure) = PipelineParser.parse(contentsOf: file) {
                Issue.record("\(failure)")
            }
        }
        let (catalog, diagnostics) = PipelineCatalog.load(directory: Self.directory)
        #expect(diagnostics.isEmpty)
        #expect(catalog.pipelines.map(\.name) == ["android-pr", "ios-pr", "main-nightly"])
    }

    @Test func iOSPullRequestShardsUITestsOnSimulators() throws {
        let catalog = PipelineCatalog.load(directory: Self.directory).catalog
        let pipeline = try #require(catalog.pipeline(named: "ios-pr"))
        let uiTests = try #require(pipeline.step("ui-tests"))
        #expect(uiTests.parallelism == 4)
        #expect(uiTests.agents.tags["platform"] == ["ios"])
        #expect(uiTests.agents.tags["xcode"] != nil)
        #expect(uiTests.artifacts.contains { $0.hasSuffix(".xcresult") })
        #expect(pipeline.concurrency?.cancelInProgress == true)
        let event = TriggerContext.pullRequest(targetBranch: "main", sourceBranch: "fix", number: 3)
        #expect(catalog.matching(event, repository: "acme/ios-app").map(\.name) == ["ios-pr"])
        #expect(pipeline.jobPlans().filter { $0.stepKey == "ui-tests" }.count == 4)
    }

    @Test func androidAndNightlyPipelines() throws {
        let catalog = PipelineCatalog.load(directory: Self.directory).catalog
        let android = try #require(catalog.pipeline(named: "android-pr"))
        #expect(android.step("instrumented-tests")?.commands.contains { $0.contains("numShards=$MOBILE_OPS_SHARD_COUNT") } == true)
        let nightly = try #require(catalog.pipeline(named: "main-nightly"))
        #expect(nightly.triggers.matches(.push(branch: "main")))
        #expect(nightly.triggers.matches(.scheduled))
        #expect(nightly.triggers.matches(.manual))
        #expect(catalog.matching(.push(branch: "main"), repository: "acme/mobile").map(\.name) == ["main-nightly"])
    }

    @Test func readmeFullExampleParses() throws {
        let readme = try String(contentsOfFile: Self.directory + "/README.md", encoding: .utf8)
        let afterFence = try #require(readme.components(separatedBy: "```yaml\n").dropFirst().first)
        let example = try #require(afterFence.components(separatedBy: "```").first)
        let definition = try PipelineParser.parse(yaml: example, file: "README.md").get()
        #expect(definition.steps.map(\.key) == ["build", "ui-tests"])
        #expect(definition.step("ui-tests")?.agents.tags == ["platform": ["ios"], "xcode": ["16.2", "16.3"], "simulator": ["true"]])
    }
}
