import Testing
import FuzzSupport
import ReleaseTrain
import YAMLReading

/// Mutated train definitions through ``TrainParser`` (YAML from files, JSON from API bodies):
/// every input gives a definition or diagnostics, each positioned in the named file; deep
/// nesting and alias bombs through merge keys are refused naming the limit.
@Suite struct TrainParserFuzzTests {
    static let fixtures = ["train-good.yml", "train-calver.yml", "train-typos.yml"]

    @Test func mutatedTrainsParseOrArePositionedlyDiagnosed() throws {
        var seeds = try Self.fixtures.map { Array(try fixture($0).utf8) }
        seeds += [try #require(FuzzCampaign.repositoryFile("pipelines/trains/mobile.yml"))]
        // The API takes JSON, which is YAML too.
        seeds += [Array(#"{"name": "app", "repository": "acme/app", "platforms": ["ios"], "rc_pipeline": "rc", "signoff": []}"#.utf8)]
        let campaign = FuzzCampaign("train YAML", iterations: 5_000, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .yaml)) { bytes in
            switch TrainParser.parse(yaml: String(decoding: bytes, as: UTF8.self), file: "request body") {
            case .success(let train):
                try fuzzCheck(!train.name.isEmpty && !train.platforms.isEmpty, "an incomplete train \(train)")
            case .failure(let failure):
                try fuzzCheckDiagnostics(failure.diagnostics.map { ($0.file, $0.line, $0.column, $0.message) }, in: "request body")
            }
        }
        #expect(summary.iterations >= seeds.count)
    }

    // MARK: Explicit hostile documents

    @Test(.timeLimit(.minutes(1)), arguments: HostileYAML.Nesting.allCases)
    func hundredThousandLevelsAreRefused(nesting: HostileYAML.Nesting) {
        let yaml = "name: deep\nplatforms:\n  " + nesting.document(depth: 100_000)
        guard case .failure(let failure) = TrainParser.parse(yaml: yaml, file: "request body") else {
            Issue.record("100,000 levels were accepted")
            return
        }
        #expect(failure.diagnostics.count == 1)
        let message = failure.diagnostics.first?.message ?? ""
        #expect(message.contains("nest deeper than") || message.contains("nesting"), "\(message)")
    }

    @Test(.timeLimit(.minutes(1)))
    func billionLaughsThroughMergeKeysIsRefusedNamingTheBudget() {
        let yaml = HostileYAML.billionLaughs(header: ["name: bomb"], detonation: .mergeKey)
        guard case .failure(let failure) = TrainParser.parse(yaml: yaml, file: "request body") else {
            Issue.record("a billion laughs through merge keys was accepted")
            return
        }
        #expect(failure.description.contains("expands to more than 100000 nodes"), "\(failure)")
    }
}
