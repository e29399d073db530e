import Foundation
@testable import BuildMetrics
import Testing

@Suite("Test cases: every test of a report, where failures point, and what could not be read")
struct TestCaseResultTests {
    @Test("Gradle TEST-*.xml: each case with its duration; the failure points at the test's own stack frame")
    func gradle() throws {
        let result = JUnitParser.parse(try Fixture.data("TEST-com.acme.checkout.CheckoutViewModelTest.xml"))
        let tests = try #require(result.tests)
        #expect(result.warnings.isEmpty)
        #expect(tests.total == 4 && tests.failed == 1 && tests.skipped == 1)
        let suite = "com.acme.checkout.CheckoutViewModelTest"
        #expect(tests.cases == [
            TestCaseResult(suite: suite, name: "totalIncludesTax", outcome: .passed, durationSeconds: 0.412),
            TestCaseResult(
                suite: suite, name: "appliesVoucher()", outcome: .failed, durationSeconds: 1.204,
                message: "org.opentest4j.AssertionFailedError: expected: <9.99> but was: <10.99>", file: "CheckoutViewModelTest.kt", line: 58),
            TestCaseResult(suite: suite, name: "paysWithGooglePay", outcome: .skipped, durationSeconds: 0.001),
            TestCaseResult(suite: suite, name: "restoresCart", outcome: .passed, durationSeconds: 0.117),
        ])
    }

    @Test("a retry in the report is one flaky case; a repeated failure keeps the converter's path:line")
    func retries() throws {
        let gradle = try #require(JUnitParser.parse(try Fixture.data("junit-gradle.xml")).tests)
        let retried = try #require(gradle.cases.first { $0.name == "retriesOnTimeout" })
        #expect(retried.outcome == .flaky && retried.attempts == 2 && retried.message == "java.net.SocketTimeoutException")
        #expect(retried.durationSeconds == 0.75)
        let crash = try #require(gradle.cases.first { $0.name == "crashes" })
        #expect(crash.file == "Login.kt" && crash.line == 3, "no frame of the test class: the top frame")

        let xcode = try #require(JUnitParser.parse(try Fixture.data("junit-xcode.xml")).tests)
        let checkout = try #require(xcode.cases.first { $0.name == "testCheckout()" })
        #expect(checkout.outcome == .failed && checkout.attempts == 2)
        #expect(checkout.file == "/Users/ci/AppTests/CartTests.swift" && checkout.line == 40)
        #expect(xcode.cases.filter { $0.outcome == .flaky }.map(\.name) == ["testRemove()", "testName()"])
    }

    @Test("file and line attributes win; a skipped test has no place")
    func fileAndLineAttributes() throws {
        let tests = try #require(JUnitParser.parse(try Fixture.data("junit-file-line.xml")).tests)
        let failed = try #require(tests.cases.first { $0.outcome == .failed })
        #expect(failed.file == "Tests/CheckoutTests/CartTests.swift" && failed.line == 88)
        #expect(tests.cases.first { $0.outcome == .skipped }?.file == nil)
    }

    @Test("xcresulttool failure messages give file and line")
    func xcresult() throws {
        let tests = try #require(XCResultTestsParser.parse(try Fixture.data("xcresult-tests.json")).tests)
        let failure = try #require(tests.cases.first { $0.message?.hasPrefix("ParserTests.swift:20") == true })
        #expect(failure.file == "ParserTests.swift" && failure.line == 20)
    }

    @Test("what the reader cannot use is a warning: nameless cases, bad times, unknown elements")
    func unreadable() throws {
        let xml = #"""
            <testsuite name="S">
              <testcase classname="S" time="0.1"/>
              <testcase classname="S" name="slow" time="about a second"/>
              <testcase classname="S" name="odd"><weird/><failure message="no">S.swift:12</failure></testcase>
            </testsuite>
            """#
        let result = JUnitParser.parse(Data(xml.utf8))
        let tests = try #require(result.tests)
        #expect(tests.total == 3 && tests.failed == 1)
        #expect(tests.cases.map(\.name) == ["(unnamed)", "slow", "odd"])
        #expect(tests.cases[1].durationSeconds == nil)
        let messages = result.warnings.map(\.message)
        #expect(messages.contains { $0.contains("has no name") })
        #expect(messages.contains { $0.contains("`about a second`") })
        #expect(messages.contains { $0.contains("<weird>") })
        #expect(tests.cases[2].file == "S.swift" && tests.cases[2].line == 12)
    }

    @Test("path:line is only a source path, not any text with a colon")
    func locations() {
        #expect(TestLocation.pathAndLine("/Users/ci/My App/CartTests.swift:40") == TestLocation(file: "/Users/ci/My App/CartTests.swift", line: 40))
        #expect(TestLocation.pathAndLine("CartTests.swift:40:12") == TestLocation(file: "CartTests.swift", line: 40))
        #expect(TestLocation.pathAndLine("XCTAssertEqual failed: 3 is not 4") == nil)
        #expect(TestLocation.pathAndLine("expected: 1.5:2") == nil)
        #expect(TestLocation.pathAndLine("Version 1.2:3") == nil)
    }

    @Test("cases, warnings and the commit survive the fast decoder and are validated")
    func decodeAndValidate() throws {
        let tests = try #require(JUnitParser.parse(try Fixture.data("TEST-com.acme.checkout.CheckoutViewModelTest.xml")).tests)
        var withWarnings = tests
        withWarnings.warnings = ["TEST-x.xml: no JUnit elements found"]
        let report = BuildReport(
            dimensions: BuildDimensions(repository: "acme/app"), durationSeconds: 3, outcome: .failure, tests: withWarnings,
            commit: String(repeating: "ab", count: 20))
        let data = try report.encoded()
        #expect(BuildReportFastDecoder.decode(data) == report)
        #expect(try BuildReport.decode(data) == report)

        var bad = report
        bad.tests?.cases[0].attempts = 0
        bad.tests?.cases[1].line = -3
        bad.tests?.cases[2].durationSeconds = -1
        bad.tests?.warnings = Array(repeating: "w", count: BuildReport.Limits.maxTestWarnings + 1)
        let paths = bad.problems.map(\.path)
        #expect(paths == ["tests.cases[0].attempts", "tests.cases[1].line", "tests.cases[2].durationSeconds", "tests.warnings"])
        #expect(throws: BuildReportError.self) { try BuildReport.decode(try bad.encoded()) }
    }
}
