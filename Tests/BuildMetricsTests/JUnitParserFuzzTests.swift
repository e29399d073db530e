import Foundation
import XMLScanning
import Testing
import FuzzSupport
@testable import BuildMetrics

/// Mutated JUnit XML through ``XMLScanner`` and ``JUnitParser``: the scanner always moves
/// forward (at most one event per byte, so it cannot loop), and the parser's result keeps
/// its promises (``ParseResult/invariantViolation``).
@Suite struct JUnitParserFuzzTests {
    static let fixtures = ["junit-gradle.xml", "junit-xcode.xml", "junit-file-line.xml", "TEST-com.acme.checkout.CheckoutViewModelTest.xml"]

    @Test func mutatedReportsScanForwardAndParseConsistently() throws {
        let seeds = try Self.fixtures.map { Array(try Fixture.data($0)) }
        let campaign = FuzzCampaign("JUnit XML", iterations: 3_000, seconds: 15)
        let summary = try campaign.run(seeds: seeds, mutator: ByteMutator(grammar: .xml)) { bytes in
            var scanner = XMLScanner(bytes)
            var events = 0
            while scanner.next() != nil {
                events += 1
                try fuzzCheck(events <= bytes.count + 1, "more events than bytes: the scanner is not moving")
            }
            let result = JUnitParser.parse(Data(bytes))
            try fuzzCheck(result.format == .junit, "format \(result.format)")
            if let violation = result.invariantViolation { try fuzzCheck(false, violation) }
        }
        #expect(summary.iterations >= seeds.count)
    }

    // MARK: Explicit hostile documents

    @Test(.timeLimit(.minutes(1)))
    func hundredThousandNestedElementsAndAnUnclosedCDATAComplete() {
        let nested = String(repeating: "<a>", count: 100_000) + "<testcase name=\"x\"/>"
        let result = JUnitParser.parse(Data(nested.utf8))
        #expect(result.tests?.total == 1)
        #expect(result.warnings.contains { $0.message.contains("truncated") })
        let cdata = "<testsuite><testcase name=\"y\"><failure><![CDATA[" + String(repeating: "]] >", count: 250_000)
        #expect(JUnitParser.parse(Data(cdata.utf8)).invariantViolation == nil)
    }
}
