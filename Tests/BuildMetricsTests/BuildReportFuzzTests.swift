import Foundation
import Testing
import FuzzSupport
@testable import BuildMetrics

/// Mutated build reports through ``BuildReport/decode(_:)``: every input gives a report or a
/// `BuildReportError` with at least one problem, and whenever the fast decoder reads a
/// report, `JSONDecoder` reads the same one (the fast path's whole promise).
@Suite struct BuildReportFuzzTests {
    /// The fixture, its compact re-encoding (as agents send it), and a report with test cases.
    static func seeds() throws -> [[UInt8]] {
        let fixture = try Fixture.data("build-report.json")
        let report = try BuildReport.decode(fixture)
        var withCases = report
        withCases.tests?.cases = [
            TestCaseResult(suite: "A", name: "b", outcome: .flaky, attempts: 2, durationSeconds: 0.5, message: "m", file: "A.kt", line: 12),
        ]
        withCases.tests?.warnings = ["cut off"]
        return [Array(fixture), Array(try report.encoded()), Array(try withCases.encoded())]
    }

    @Test func mutatedReportsDecodeOrListTheirProblems() throws {
        let campaign = FuzzCampaign("build report", iterations: 20_000, seconds: 15)
        let summary = try campaign.run(seeds: try Self.seeds(), mutator: ByteMutator(grammar: .json)) { bytes in
            let data = Data(bytes)
            if let fast = BuildReportFastDecoder.decode(data) {
                let slow = try? BuildReport.makeDecoder().decode(BuildReport.self, from: data)
                try fuzzCheck(slow == fast, "the fast decoder read \(fast), JSONDecoder \(slow.map { "\($0)" } ?? "nothing")")
            }
            if case .failure(let error) = Result(catching: { () throws(BuildReportError) in try BuildReport.decode(data) }) {
                try fuzzCheck(!error.problems.isEmpty && !error.description.isEmpty, "an error without problems: \(error)")
            }
        }
        #expect(summary.iterations >= 3)
    }

    // MARK: Explicit hostile documents

    @Test(.timeLimit(.minutes(1)), arguments: ["[", #"{"a":"#, #"{"tests":"#])
    func hundredThousandOpenersAreRefused(opener: String) {
        let data = Data(String(repeating: opener, count: 100_000).utf8)
        #expect(BuildReportFastDecoder.decode(data) == nil)
        do {
            _ = try BuildReport.decode(data)
            Issue.record("100,000 × \(opener) decoded")
        } catch {
            guard case .malformed(_, let message) = error else {
                Issue.record("expected a malformed report, got \(error)")
                return
            }
            #expect(message == "not valid JSON: nested deeper than 256 levels at byte \(256 * opener.utf8.count)", "\(error)")
        }
    }
}
