import Testing
import FuzzSupport
import YAMLBudget
import YAMLReading
import Yams

/// Mutated YAML through ``YAMLDocument/compose(_:file:budget:)``: every input gives nodes or
/// one positioned diagnostic, and what composes stays within the budget it was checked
/// against (the budget is what keeps alias bombs and deep nesting from the readers).
@Suite struct YAMLDocumentFuzzTests {
    /// The repository's own pipelines and trains.
    static let seedPaths = [
        "pipelines/ios-pr.yml", "pipelines/android-pr.yml", "pipelines/main-nightly.yml",
        "Tests/ReleaseTrainTests/Fixtures/train-good.yml", "Tests/ReleaseTrainTests/Fixtures/train-calver.yml",
    ]

    /// A smaller budget than the standard one, so the fuzzer reaches its limits often.
    static let budget = YAMLBudget(maxNodes: 2_000, maxDepth: 16)

    @Test func mutatedDocumentsComposeWithinBudgetOrAreDiagnosed() throws {
        let seeds = try Self.seedPaths.map { try #require(FuzzCampaign.repositoryFile($0), "\($0)") }
        let campaign = FuzzCampaign("YAML document", iterations: 10_000, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .yaml)) { bytes in
            let yaml = String(decoding: bytes, as: UTF8.self)
            switch YAMLDocument.compose(yaml, file: "fuzz.yml", budget: Self.budget) {
            case .success(let root):
                if let root {
                    let (nodes, depth) = Self.measure(root, stoppingAfter: Self.budget.maxNodes)
                    try fuzzCheck(nodes <= Self.budget.maxNodes, "composed more than \(Self.budget.maxNodes) nodes")
                    try fuzzCheck(depth <= Self.budget.maxDepth, "composed \(depth) levels deep")
                }
            case .failure(let diagnostic):
                try fuzzCheckDiagnostics([(diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.message)], in: "fuzz.yml")
            }
        }
        #expect(summary.iterations >= seeds.count)
    }

    // MARK: Explicit hostile documents

    @Test(.timeLimit(.minutes(1)), arguments: HostileYAML.Nesting.allCases)
    func hundredThousandLevelsAreRefused(nesting: HostileYAML.Nesting) {
        guard case .failure(let diagnostic) = YAMLDocument.compose(nesting.document(depth: 100_000), file: "deep.yml") else {
            Issue.record("100,000 levels composed")
            return
        }
        // libyaml refuses some shapes itself before the budget sees them (its own limit).
        #expect(diagnostic.message.contains("nest deeper than 64 levels") || diagnostic.message.contains("nesting"), "\(diagnostic)")
    }

    @Test(.timeLimit(.minutes(1)), arguments: HostileYAML.Detonation.allCases)
    func billionLaughsIsRefusedNamingTheBudget(detonation: HostileYAML.Detonation) {
        guard case .failure(let diagnostic) = YAMLDocument.compose(HostileYAML.billionLaughs(detonation: detonation), file: "bomb.yml") else {
            Issue.record("a billion laughs composed")
            return
        }
        #expect(diagnostic.message.contains("expands to more than \(YAMLBudget.standard.maxNodes) nodes"), "\(diagnostic)")
    }

    // MARK: Helpers

    /// Nodes and depth of the tree under `root`, aliases expanded, counting no further than
    /// one past `limit` (an uncaught bomb must fail the check, not hang it).
    static func measure(_ root: Node, stoppingAfter limit: Int) -> (nodes: Int, depth: Int) {
        var pending = [(root, 1)]
        var nodes = 0, deepest = 0
        while nodes <= limit, let (node, depth) = pending.popLast() {
            nodes += 1
            switch node {
            case .mapping(let mapping):
                // Depth counts lists and maps, as the budget does.
                deepest = max(deepest, depth)
                for (key, value) in mapping { pending += [(key, depth + 1), (value, depth + 1)] }
            case .sequence(let sequence):
                deepest = max(deepest, depth)
                pending += sequence.map { ($0, depth + 1) }
            case .scalar, .alias:
                break
            }
        }
        return (nodes, deepest)
    }
}
