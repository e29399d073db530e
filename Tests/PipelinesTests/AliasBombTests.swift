import Testing
import FuzzSupport
import Pipelines
import YAMLReading

/// YAML whose aliases expand exponentially ("billion laughs"), or that nests without end, is
/// refused with a positioned diagnostic before anything expands it.
@Suite struct AliasBombTests {
    /// Nine levels of nine aliases each: about 387 million nodes from under 400 bytes. With
    /// `asKey`, the biggest one is used as a mapping key, which Yams hashes to find duplicates.
    static func billionLaughs(asKey: Bool) -> String {
        HostileYAML.billionLaughs(header: ["name: bomb"], detonation: asKey ? .key : .value)
    }

    @Test(arguments: [false, true])
    func billionLaughsIsRefusedWithAPosition(asKey: Bool) throws {
        let result = PipelineParser.parse(yaml: Self.billionLaughs(asKey: asKey), file: "pipelines/bomb.yml")
        guard case .failure(let failure) = result else {
            Issue.record("a billion laughs was accepted")
            return
        }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(failure.diagnostics.count == 1)
        #expect(diagnostic.message.contains("expands to more than"))
        #expect(diagnostic.line > 2, "positioned where the budget ran out: \(diagnostic)")
    }

    @Test(arguments: [500, 100_000])
    func deepNestingIsRefusedNotACrash(depth: Int) throws {
        let yaml = "name: deep\nsteps: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        guard case .failure(let failure) = PipelineParser.parse(yaml: yaml, file: "pipelines/deep.yml") else {
            Issue.record("deep nesting was accepted")
            return
        }
        // Past libyaml's own limit (1000 levels) its syntax error comes first.
        let message = failure.diagnostics.first?.message ?? ""
        #expect(message.contains("nest deeper than") || message.contains("nesting level"), "\(message)")
    }

    @Test func ordinaryAnchorsAndMergeKeysStillWork() throws {
        let yaml = """
            name: shared
            steps:
              - key: build
                command: make
                agents: &mac {platform: ios, xcode: "16.2"}
              - key: lint
                command: make lint
                agents: *mac
              - key: test
                command: make test
                agents:
                  <<: *mac
                  xcode: "16.3"
            """
        let pipeline = try PipelineParser.parse(yaml: yaml, file: "pipelines/shared.yml").get()
        #expect(pipeline.steps.count == 3)
    }
}
