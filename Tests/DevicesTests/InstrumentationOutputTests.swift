import Core
import Testing
@testable import Devices

/// `am instrument -w -r` output (real captures, Fixtures/SOURCES.md) read into per-test
/// results, and batches classified: the tests' failure or the device's.
struct InstrumentationOutputTests {
    @Test("a passing run: one result per ended test, custom metrics (code 2) close no test, INSTRUMENTATION_CODE -1 finishes")
    func allPass() throws {
        let output = InstrumentationOutput.parse(try Fixture.text("instrumentation", "all-pass-log9.txt"))
        #expect(output.results == [DeviceTestResult(name: "com.bofa.android.adapoc.home.HomeActivityTest#verify01_homeActivity_displayed", outcome: .passed)])
        #expect(output.sessionCode == -1)
        #expect(output.unfinished.isEmpty)
        #expect(output.finished)
        #expect(BatchClassifier.instrumentation(stdout: try Fixture.text("instrumentation", "all-pass-log9.txt"), stderr: "", exitStatus: 0).deviceFailure == nil)
    }

    @Test("a failure (-2) with its stack over several lines, keys in the older runner's order")
    func failure() throws {
        let output = InstrumentationOutput.parse(try Fixture.text("instrumentation", "failure-log4-excerpt.txt"))
        #expect(output.results.map(\.name) == ["com.example.MainActivityFlakyTest#testTextFlaky4"])
        #expect(output.results.first?.outcome == .failed)
        #expect(output.results.first?.message == "java.lang.AssertionError")
    }

    @Test("-3 is skipped, -4 (assumption failure) skipped, -1 (deprecated error) failed; CRLF lines read")
    func statusCodes() {
        var text = ""
        for (index, code) in [-3, -4, -1].enumerated() {
            for status in [1, code] {
                text += "INSTRUMENTATION_STATUS: class=com.a.T\r\nINSTRUMENTATION_STATUS: test=m\(index)\r\nINSTRUMENTATION_STATUS_CODE: \(status)\r\n"
            }
        }
        text += "INSTRUMENTATION_CODE: -1\r\n"
        let output = InstrumentationOutput.parse(text)
        #expect(output.results.map(\.outcome) == [.skipped, .skipped, .failed])
        #expect(output.finished)
    }

    @Test("the process crashed before any test: a bundle of no test, shortMsg and code 0 make the batch's failure, not the device's")
    func crashBeforeTests() throws {
        let text = try Fixture.text("instrumentation", "crash-before-tests-log13.txt")
        let output = InstrumentationOutput.parse(text)
        #expect(output.results.isEmpty)
        #expect(output.sessionCode == 0)
        #expect(output.runFailure == "Process crashed.")
        let report = BatchClassifier.instrumentation(stdout: text, stderr: "", exitStatus: 0)
        #expect(report.deviceFailure == nil, "an app that crashes the instrumentation crashes it on every device")
        #expect(report.failure?.contains("the instrumentation process crashed: Process crashed. (INSTRUMENTATION_CODE: 0)") == true, "\(report)")
        // A wrong instrumentation is the step's: am instrument's own words, adb exits 0.
        let wrong = "INSTRUMENTATION_STATUS: id=ActivityManagerService\nINSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: ComponentInfo{com.acme.test/androidx.test.runner.AndroidJUnitRunner}\nINSTRUMENTATION_STATUS_CODE: -1\n"
        let unknown = BatchClassifier.instrumentation(stdout: wrong, stderr: "android.util.AndroidException: INSTRUMENTATION_FAILED: com.acme.test/androidx.test.runner.AndroidJUnitRunner", exitStatus: 1)
        #expect(unknown.deviceFailure == nil && unknown.failure?.contains("Unable to find instrumentation info") == true, "\(unknown)")
        // Only adb's own words blame the device.
        let gone = BatchClassifier.instrumentation(stdout: "", stderr: "adb: no devices/emulators found", exitStatus: 1)
        #expect(gone.deviceFailure == "adb lost the device: adb: no devices/emulators found" && gone.failure == nil)
    }

    @Test("the process crashed mid-test: the batch failed, pinned on the started test (it died under it), no device blamed; adb exited 0")
    func crashMidTest() throws {
        let text = try Fixture.text("instrumentation", "crash-mid-test-uiautomator2.txt")
        let output = InstrumentationOutput.parse(text)
        #expect(output.unfinished == ["com.github.uiautomator.stub.Stub#testUIAutomatorStub"])
        let report = BatchClassifier.instrumentation(stdout: text, stderr: "", exitStatus: 0)
        #expect(report.deviceFailure == nil)
        #expect(report.results.isEmpty)
        #expect(report.failureTests == ["com.github.uiautomator.stub.Stub#testUIAutomatorStub"], "the failure is pinned on the test it died under")
        #expect(report.failure?.contains("crashed while com.github.uiautomator.stub.Stub#testUIAutomatorStub ran") == true, "\(report)")
    }

    @Test("the device went offline mid-batch: the finished tests are kept, the rest are the device's failure, in adb's words")
    func offlineMidBatch() throws {
        let start = "INSTRUMENTATION_STATUS: class=com.a.T\nINSTRUMENTATION_STATUS: test=one\nINSTRUMENTATION_STATUS_CODE: 1\n"
        let end = "INSTRUMENTATION_STATUS: class=com.a.T\nINSTRUMENTATION_STATUS: test=one\nINSTRUMENTATION_STATUS_CODE: 0\n"
        let next = "INSTRUMENTATION_STATUS: class=com.a.T\nINSTRUMENTATION_STATUS: test=two\nINSTRUMENTATION_STATUS_CODE: 1\n"
        let report = BatchClassifier.instrumentation(stdout: start + end + next, stderr: "adb: device offline", exitStatus: 1)
        #expect(report.results == [DeviceTestResult(name: "com.a.T#one", outcome: .passed)])
        #expect(report.deviceFailure == "adb lost the device: adb: device offline")
        // Cut off without a word from adb: no INSTRUMENTATION_CODE.
        let cut = BatchClassifier.instrumentation(stdout: start + end, stderr: "", exitStatus: 0)
        #expect(cut.deviceFailure == nil, "no word from adb is no evidence against the device")
        #expect(cut.failure?.contains("without INSTRUMENTATION_CODE") == true, "\(cut)")
    }

    @Test("am instrument prints no time: a test's seconds run from its start line to its end code, by when the lines arrived; a class entry with no timed test has none")
    func durations() {
        let text = "INSTRUMENTATION_STATUS: class=com.a.T\nINSTRUMENTATION_STATUS: test=one\nINSTRUMENTATION_STATUS_CODE: 1\n"
            + "INSTRUMENTATION_STATUS: class=com.a.T\nINSTRUMENTATION_STATUS: test=one\nINSTRUMENTATION_STATUS_CODE: 0\nINSTRUMENTATION_CODE: -1\n"
        // The start code is line 2 (1.0 s), the end code line 5 (4.5 s).
        let timed = InstrumentationOutput.parse(text, lineSeconds: [0.5, 0.9, 1.0, 4.0, 4.2, 4.5, 4.6])
        #expect(timed.results == [DeviceTestResult(name: "com.a.T#one", outcome: .passed, seconds: 3.5)])
        #expect(BatchClassifier.instrumentation(stdout: text, stderr: "", exitStatus: 0, lineSeconds: [0.5, 0.9, 1.0, 4.0, 4.2, 4.5, 4.6]).results.first?.seconds == 3.5)
        let untimed = InstrumentationOutput.parse(text).results
        #expect(untimed.first?.seconds == nil)
        let suite = DeviceRun.result(for: "com.a.T", in: untimed)
        #expect(suite?.outcome == .passed)
        #expect(suite?.seconds == nil, "no time is not 0 s: a 0 makes the next run's p80 0")
        #expect(DeviceRun.result(for: "com.a.T", in: timed.results)?.seconds == 3.5)
    }

    @Test("tests that fail in a finished run are the tests' failure, not the device's")
    func testFailuresAreNotDeviceFailures() throws {
        var text = try Fixture.text("instrumentation", "failure-log4-excerpt.txt")
        text += "INSTRUMENTATION_RESULT: stream=\n\nFAILURES!!!\nTests run: 1,  Failures: 1\n\n\nINSTRUMENTATION_CODE: -1\n"
        let report = BatchClassifier.instrumentation(stdout: text, stderr: "", exitStatus: 0)
        #expect(report.deviceFailure == nil)
        #expect(report.results.map(\.outcome) == [.failed])
    }
}
