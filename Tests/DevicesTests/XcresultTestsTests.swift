import Core
import Foundation
import Testing
@testable import Devices

/// `xcresulttool get test-results tests` JSON read into per-test results, and xcodebuild
/// batches classified (exit 65 says nothing: the words and the bundle do).
struct XcresultTestsTests {
    @Test("a failed test case: its identifier, result and failure message; durations from `duration` text")
    func failure() throws {
        let results = try #require(XcresultTests.parse(try Fixture.data("xcresult", "failure-shape.json")))
        #expect(results == [DeviceTestResult(name: "ExampleTests/CalculatorTests/testFailure", outcome: .failed, message: #"XCTAssertEqual failed: ("1") is not equal to ("2")"#)])
        let timed = #"{"testNodes": [{"nodeType": "UI test bundle", "name": "AppUITests", "children": [{"nodeType": "Test Case", "nodeIdentifier": "LoginTests/testSignIn()", "result": "Passed", "duration": "1,5s"}, {"nodeType": "Test Case", "nodeIdentifier": "LoginTests/testSkip()", "result": "Skipped"}]}]}"#
        let read = try #require(XcresultTests.parse(Data(timed.utf8)))
        #expect(read == [
            DeviceTestResult(name: "AppUITests/LoginTests/testSignIn", outcome: .passed, seconds: 1.5),
            DeviceTestResult(name: "AppUITests/LoginTests/testSkip", outcome: .skipped),
        ])
        #expect(XcresultTests.parse(Data("not json".utf8)) == nil)
    }

    @Test("real output: XCTest methods are named `testX()`; read as Target/Class/method, the form -only-testing: and the queue take")
    func realNames() throws {
        let results = try #require(XcresultTests.parse(try Fixture.data("xcresult", "ui-bundle-xcode26.json")))
        #expect(results.map(\.name) == [
            "AccessibilityUITests/AccessibilityUITests/testAccessibilityAuditFindsNoIssues",
            "AccessibilityUITests/AccessibilityUITests/testCloseButtonHasAccessibilityLabel",
            "AccessibilityUITests/AccessibilityUITests/testTappingFarFromTextStillTriggersAction",
        ])
        #expect(results.map(\.outcome) == [.passed, .passed, .passed])
        #expect(results.first?.seconds == 5.610079050064087)
        // Matched to the queue's names, with or without the parentheses.
        #expect(DeviceRun.result(for: "AccessibilityUITests/AccessibilityUITests/testCloseButtonHasAccessibilityLabel", in: results)?.outcome == .passed)
        #expect(DeviceRun.result(for: "AccessibilityUITests/AccessibilityUITests/testCloseButtonHasAccessibilityLabel()", in: results)?.name
            == "AccessibilityUITests/AccessibilityUITests/testCloseButtonHasAccessibilityLabel()")
        #expect(DeviceRun.result(for: "AccessibilityUITests/AccessibilityUITests", in: results)?.outcome == .passed)
    }

    @Test("a run that never started (no test case) with xcodebuild's words is the device's failure; failed tests are not")
    func classifies() throws {
        let empty = XcresultTests.parse(try Fixture.data("xcresult", "zero-tests.json"))
        #expect(empty == [])
        let log = "Testing failed:\n\tThe test runner encountered an error (Failed to establish communication with the test runner).\n** TEST FAILED **"
        #expect(BatchClassifier.xcodebuild(log: log, results: empty, exitStatus: 65).deviceFailure == "xcodebuild: Failed to establish communication with the test runner")
        // No bundle and no word of the device (a wrong .xctestrun): the step's failure, no device blamed.
        let missing = BatchClassifier.xcodebuild(log: "xcodebuild: error: The file “App.xctestrun” couldn’t be opened because there is no such file.", results: nil, exitStatus: 64)
        #expect(missing.deviceFailure == nil)
        #expect(missing.failure?.contains("no result bundle") == true && missing.failure?.contains("App.xctestrun") == true, "\(missing)")
        let failed = [DeviceTestResult(name: "A/B/c", outcome: .failed)]
        #expect(BatchClassifier.xcodebuild(log: "** TEST FAILED **", results: failed, exitStatus: 65) == DeviceBatchReport(results: failed))
    }
}
