import Foundation
@testable import BuildMetrics
import Testing

@Suite("JUnit XML")
struct JUnitParserTests {
    @Test("Gradle flavour: failure, error in CDATA, skipped, test-retry plugin repeat")
    func gradle() throws {
        let result = JUnitParser.parse(try Fixture.data("junit-gradle.xml"))
        let tests = try #require(result.tests)
        #expect(tests.total == 5)
        #expect(tests.passed == 2)
        #expect(tests.failed == 2)
        #expect(tests.skipped == 1)
        #expect(tests.flaky == 1)
        #expect(tests.retried == 1)
        #expect(abs(tests.durationSeconds - 1.51) < 1e-9)
        #expect(tests.failures == [
            TestFailure(suite: "com.acme.LoginViewModelTest", name: "rejectsEmptyPassword", message: "java.lang.AssertionError: expected:<false> but was:<true>"),
            TestFailure(suite: "com.acme.LoginViewModelTest", name: "crashes", message: "java.lang.IllegalStateException: <boom> & more"),
        ])
        #expect(result.outcome == .failure)
        #expect(result.warnings.isEmpty)
    }

    @Test("xcodebuild-converter flavour: repeated test cases, entities, comments, PIs, flakyFailure")
    func xcode() throws {
        let result = JUnitParser.parse(try Fixture.data("junit-xcode.xml"))
        let tests = try #require(result.tests)
        #expect(tests.total == 5)
        #expect(tests.passed == 4)
        #expect(tests.failed == 1)
        #expect(tests.flaky == 2)
        #expect(tests.retried == 3)
        #expect(abs(tests.durationSeconds - 3.26) < 1e-9)
        #expect(tests.failures == [TestFailure(suite: "AppTests.CartTests", name: "testCheckout()", message: "XCTAssertEqual failed: second try")])
    }

    @Test("a file cut anywhere never crashes; cut mid-way it keeps finished cases and warns", arguments: [0.0, 0.1, 0.35, 0.5, 0.77, 0.99])
    func truncated(fraction: Double) throws {
        let result = JUnitParser.parse(try Fixture.truncated("junit-gradle.xml", keeping: fraction))
        if fraction >= 0.35 {
            #expect((result.tests?.total ?? 0) >= 1)
            #expect(result.warnings.contains { $0.message.contains("truncated") || $0.message.contains("cut off") })
        }
        #expect((result.tests?.total ?? 0) <= 5)
    }

    @Test("garbage and non-JUnit XML give warnings")
    func garbage() {
        #expect(!JUnitParser.parse(Fixture.garbage(seed: 5)).warnings.isEmpty)
        let html = JUnitParser.parse(Data("<html><body>hi</body></html>".utf8))
        #expect(html.tests == nil)
        #expect(html.warnings.contains { $0.message.contains("no JUnit elements") })
    }

    @Test("entities in attributes and text are decoded; unknown ones are kept")
    func entities() throws {
        let xml = #"<testsuite><testcase classname="a&amp;b" name="t&#65;&#x42;&bogus;"><failure>x &lt; y</failure></testcase></testsuite>"#
        let failure = try #require(JUnitParser.parse(Data(xml.utf8)).tests?.failures.first)
        #expect(failure.suite == "a&b")
        #expect(failure.name == "tAB&bogus;")
        #expect(failure.message == "x < y")
    }

    @Test("time attributes with a decimal comma or thousands separator")
    func times() {
        #expect(JUnitParser.seconds("0,5") == 0.5)
        #expect(JUnitParser.seconds("1,234.5") == 1_234.5)
        #expect(JUnitParser.seconds("-1") == nil)
        #expect(JUnitParser.seconds("abc") == nil)
    }
}
