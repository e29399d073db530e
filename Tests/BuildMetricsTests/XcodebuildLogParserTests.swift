import Foundation
@testable import BuildMetrics
import Testing

@Suite("xcodebuild output")
struct XcodebuildLogParserTests {
    @Test("targets, result line, distinct diagnostics, timing summary")
    func build() throws {
        let result = XcodebuildLogParser.parse(try Fixture.data("xcodebuild-test.log"))
        #expect(result.outcome == .failure)
        #expect(result.durationSeconds == 67.89)
        #expect(result.tasks.map(\.name) == ["Legacy", "Core", "App"])
        #expect(result.errorCount == 1)
        #expect(result.errorMessages == ["/Users/ci/src/App/AppDelegate.swift:3:8: error: no such module 'Missing'"])
        #expect(result.warningCount == 2)
        #expect(result.timingSummary == [
            TimingEntry(name: "SwiftCompile", taskCount: 12, seconds: 45.123),
            TimingEntry(name: "Ld", taskCount: 2, seconds: 0.47),
            TimingEntry(name: "PhaseScriptExecution", taskCount: 1, seconds: 3),
        ])
        #expect(result.warnings.isEmpty)
    }

    @Test("XCTest, Xcode 16 and Swift Testing lines, with a retry and failure messages")
    func tests() throws {
        let result = XcodebuildLogParser.parse(try Fixture.data("xcodebuild-test.log"))
        let tests = try #require(result.tests)
        #expect(tests.total == 8)
        #expect(tests.passed == 4)
        #expect(tests.failed == 2)
        #expect(tests.skipped == 2)
        #expect(tests.flaky == 1)
        #expect(tests.retried == 1)
        #expect(abs(tests.durationSeconds - 1.404) < 1e-9)
        #expect(tests.failures == [
            TestFailure(suite: "AppTests.LoginTests", name: "testLogout", message: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"),
            TestFailure(suite: "", name: "rejectsGarbage()", message: "Expectation failed: (result → nil) != nil"),
        ])
    }

    @Test("a plain build log: success with the action's time")
    func plainBuild() throws {
        let result = XcodebuildLogParser.parse(try Fixture.data("xcodebuild-build.log"))
        #expect(result.outcome == .success)
        #expect(result.durationSeconds == 12.5)
        #expect(result.tasks.map(\.name) == ["Core", "App"])
        #expect(result.tests == nil)
    }

    @Test("test names split into suite and name")
    func names() {
        #expect(XcodebuildLogParser.splitTestName("-[Mod.Class testX]") == ("Mod.Class", "testX"))
        #expect(XcodebuildLogParser.splitTestName("Class.testX") == ("Class", "testX"))
        #expect(XcodebuildLogParser.splitTestName("Suite/test(a.b:)") == ("Suite", "test(a.b:)"))
        #expect(XcodebuildLogParser.splitTestName("lonely") == ("", "lonely"))
    }

    @Test("streaming in small chunks equals parsing the whole log")
    func streaming() throws {
        let data = try Fixture.data("xcodebuild-test.log")
        var parser = XcodebuildLogParser()
        for start in stride(from: 0, to: data.count, by: 13) { parser.feed(data.subdata(in: start..<min(start + 13, data.count))) }
        #expect(parser.finish() == XcodebuildLogParser.parse(data))
    }

    @Test("a truncated log warns and still reports what it read")
    func truncated() throws {
        let result = XcodebuildLogParser.parse(try Fixture.truncated("xcodebuild-test.log", keeping: 0.6))
        #expect(result.tasks.count == 3)
        #expect(result.warnings.contains { $0.message.contains("truncated") })
        #expect(result.outcome == .failure)
    }

    @Test("garbage gives a warning")
    func garbage() {
        let result = XcodebuildLogParser.parse(Fixture.garbage(seed: 9))
        #expect(!result.warnings.isEmpty)
    }
}
