import Core
import Findings
import Testing

@Suite("new-only comparison and fail_on")
struct ComparisonTests {
    func finding(_ fingerprint: String, _ level: FindingLevel) -> Finding {
        Finding(tool: "t", ruleID: "r", level: level, message: "m", path: "p", startLine: 1, fingerprint: fingerprint)
    }

    @Test("new, unchanged and fixed")
    func partition() {
        let head = [finding("a", .error), finding("c", .warning), finding("d", .note)]
        let comparison = FindingsComparison(base: [finding("a", .error), finding("b", .note), finding("e", .warning)], head: head)
        #expect(comparison.new.map(\.fingerprint) == ["c", "d"])
        #expect(comparison.unchanged.map(\.fingerprint) == ["a"])
        #expect(comparison.fixed == ["b", "e"])
    }

    @Test("only new findings fail, at the configured level")
    func failOn() {
        // An old error does not fail the pull request; a new warning does only under `warning`.
        let comparison = FindingsComparison(base: [finding("a", .error)], head: [finding("a", .error), finding("c", .warning), finding("d", .note)])
        #expect(!comparison.fails(.error))
        #expect(comparison.fails(.warning))
        #expect(comparison.failing(.warning).map(\.fingerprint) == ["c"])
        #expect(!comparison.fails(.never))
        let withError = FindingsComparison(base: [], head: [finding("x", .error)])
        #expect(withError.fails(.error))
        #expect(!withError.fails(.never))
        let quiet = FindingsComparison(base: [], head: [finding("n", .note), finding("z", .none)])
        #expect(!quiet.fails(.warning))
    }
}
