import Foundation
import Testing
import FuzzSupport
import Pipelines
import YAMLReading

/// Mutated pipeline definitions through ``PipelineParser``: every input gives a definition or
/// diagnostics, each positioned in the file; alias bombs through merge keys and deep nesting
/// of every shape are refused before anything expands them.
@Suite struct PipelineParserFuzzTests {
    @Test func mutatedPipelinesParseOrArePositionedlyDiagnosed() throws {
        let seeds = FileManagerPath.yamlFiles(in: ShippedExamplesTests.directory).compactMap { FileManager.default.contents(atPath: $0).map(Array.init) }
        #expect(seeds.count >= 3)
        let campaign = FuzzCampaign("pipeline YAML", iterations: 5_000, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .yaml)) { bytes in
            switch PipelineParser.parse(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yml") {
            case .success(let pipeline):
                try fuzzCheck(!pipeline.name.isEmpty, "a pipeline without a name")
            case .failure(let failure):
                try fuzzCheckDiagnostics(failure.diagnostics.map { ($0.file, $0.line, $0.column, $0.message) }, in: "fuzz.yml")
            }
        }
        #expect(summary.iterations >= seeds.count)
    }

    // MARK: Explicit hostile documents

    @Test(.timeLimit(.minutes(1)))
    func billionLaughsThroughMergeKeysIsRefusedNamingTheBudget() throws {
        let yaml = HostileYAML.billionLaughs(header: ["name: bomb"], detonation: .mergeKey)
        guard case .failure(let failure) = PipelineParser.parse(yaml: yaml, file: "pipelines/bomb.yml") else {
            Issue.record("a billion laughs through merge keys was accepted")
            return
        }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(failure.diagnostics.count == 1)
        #expect(diagnostic.message.contains("expands to more than 100000 nodes"), "\(diagnostic)")
    }

    // A 100,000-deep flow sequence is AliasBombTests'.
    @Test(.timeLimit(.minutes(1)), arguments: [HostileYAML.Nesting.flowMapping, .blockSequence])
    func hundredThousandLevelsOfStepsAreRefused(nesting: HostileYAML.Nesting) {
        let yaml = "name: deep\nsteps:\n  " + nesting.document(depth: 100_000)
        guard case .failure(let failure) = PipelineParser.parse(yaml: yaml, file: "pipelines/deep.yml") else {
            Issue.record("100,000 levels were accepted")
            return
        }
        let message = failure.diagnostics.first?.message ?? ""
        #expect(message.contains("nest deeper than") || message.contains("nesting"), "\(message)")
    }
}
