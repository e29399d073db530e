import Foundation
import BuildMetrics
import Testing

@Suite("xcresulttool test-results JSON")
struct XCResultTestsParserTests {
    @Test("counts: a parameterized test counts once; a retried pass is flaky; expected failure passes")
    func counts() throws {
        let result = XCResultTestsParser.parse(try Fixture.data("xcresult-tests.json"))
        let tests = try #require(result.tests)
        #expect(tests.total == 6)
        #expect(tests.passed == 3)
        #expect(tests.failed == 2)
        #expect(tests.skipped == 1)
        #expect(tests.flaky == 1)
        #expect(tests.retried == 1)
        #expect(abs(tests.durationSeconds - 63.66) < 1e-9)
        #expect(result.outcome == .failure)
        #expect(result.warnings.isEmpty)
    }

    @Test("failures name the nearest suite and the first failure message")
    func failures() throws {
        let tests = try #require(XCResultTestsParser.parse(try Fixture.data("xcresult-tests.json")).tests)
        #expect(tests.failures == [
            TestFailure(suite: "ParserTests", name: "testRejectsJunk()", message: "ParserTests.swift:20: XCTAssertNil failed"),
            TestFailure(suite: "ParserTests", name: "Formats durations", message: "DurationTests.swift:9: Expectation failed: (format(3600) → \"60m\") == \"1h\""),
        ])
    }

    @Test("a truncated document keeps the test cases before the cut")
    func truncated() throws {
        let text = String(decoding: try Fixture.data("xcresult-tests.json"), as: UTF8.self)
        let cut = try #require(text.range(of: "\"Networking\""))
        let result = XCResultTestsParser.parse(Data(text[..<cut.lowerBound].utf8))
        #expect(result.tests?.total == 3)
        #expect(result.warnings.contains { $0.message.contains("truncated") })
    }

    @Test("garbage or other JSON give warnings")
    func garbage() {
        #expect(!XCResultTestsParser.parse(Fixture.garbage(seed: 11)).warnings.isEmpty)
        let other = XCResultTestsParser.parse(Data("[1, 2, 3]".utf8))
        #expect(other.tests == nil && !other.warnings.isEmpty)
    }
}
