import Foundation
import BuildMetrics
import Testing

@Suite("build reports")
struct BuildReportTests {
    @Test("a full report decodes, validates and round-trips")
    func decodes() throws {
        let report = try BuildReport.decode(try Fixture.data("build-report.json"))
        #expect(report.id == "gha-run-4242")
        #expect(report.dimensions.platform == .android)
        #expect(report.dimensions.environment == .ci)
        #expect(report.dimensions.buildKind == .incremental)
        #expect(report.effectiveDurationSeconds == 750.5)
        #expect(report.tasks[0].cacheKind == .remote)
        #expect(report.tasks[1].cacheKind == .unknown)
        #expect(report.tests?.failures.first?.name == "logsIn")
        let again = try BuildReport.decode(try report.encoded())
        #expect(again == report)
    }

    @Test("a minimal report needs only repository, outcome and a duration")
    func minimal() throws {
        let report = try BuildReport.decode(Data(#"{"dimensions":{"repository":"r"},"outcome":"failure","durationSeconds":1}"#.utf8))
        #expect(report.steps.isEmpty && report.tasks.isEmpty && report.tests == nil)
    }

    @Test("an unknown enum value names the field path and the allowed values")
    func unknownEnum() throws {
        var text = String(decoding: try Fixture.data("build-report.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: #""outcome": "executed""#, with: #""outcome": "cached""#)
        #expect(throws: BuildReportError.self) { try BuildReport.decode(Data(text.utf8)) }
        do {
            _ = try BuildReport.decode(Data(text.utf8))
        } catch {
            guard case let .invalid(problems) = error else { Issue.record("expected invalid, got \(error)"); return }
            #expect(problems.map(\.path) == ["tasks[1].outcome"])
            #expect(problems.first.map { $0.message.contains("\"cached\"") && $0.message.contains("fromCache") } == true)
        }
    }

    @Test("unknown enum values are listed with every other problem of the report")
    func unknownEnumsWithOtherProblems() {
        let json = #"""
            {"dimensions": {"repository": " ", "platform": "windows", "environment": "cloud"}, "outcome": "meh",
             "durationSeconds": -3, "steps": [{"name": "build", "durationSeconds": 1, "outcome": 7}],
             "tasks": [{"name": ":a", "outcome": "cached", "cacheKind": "disk"}]}
            """#
        do {
            _ = try BuildReport.decode(Data(json.utf8))
            Issue.record("accepted a bad report")
        } catch {
            guard case let .invalid(problems) = error else { Issue.record("expected invalid, got \(error)"); return }
            #expect(Set(problems.map(\.path)) == [
                "dimensions.platform", "dimensions.environment", "outcome", "steps[0].outcome", "tasks[0].outcome",
                "tasks[0].cacheKind", "dimensions.repository", "durationSeconds",
            ])
            #expect(problems.first { $0.path == "outcome" }?.message == #"unknown value "meh"; expected one of: success, failure, canceled"#)
        }
    }

    @Test("missing fields, wrong types and non-JSON are malformed with a path", arguments: [
        (#"{"dimensions":{},"outcome":"success","durationSeconds":1}"#, "dimensions.repository"),
        (#"{"dimensions":{"repository":"r"},"outcome":"success","queueSeconds":"abc"}"#, "queueSeconds"),
        (#"{"dimensions":{"repository":"r"},"outcome":"success","startedAt":"yesterday"}"#, "startedAt"),
        ("not json", ""),
    ])
    func malformed(json: String, path: String) {
        do {
            _ = try BuildReport.decode(Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            guard case let .malformed(found, _) = error else { Issue.record("expected malformed, got \(error)"); return }
            #expect(found == path)
        }
    }

    @Test("a bad report is rejected whole with every problem listed")
    func invalid() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var report = BuildReport(
            dimensions: BuildDimensions(repository: "  "), startedAt: start, finishedAt: start.addingTimeInterval(-5),
            queueSeconds: -1, outcome: .success,
            steps: [StepRecord(name: "", durationSeconds: .infinity, outcome: .success)],
            tasks: [TaskRecord(name: ":a", durationSeconds: -2, outcome: .executed)],
            tests: TestSummary(total: 1, passed: 1, failed: 1))
        let paths = Set(report.problems.map(\.path))
        #expect(paths == ["dimensions.repository", "finishedAt", "queueSeconds", "steps[0].name", "steps[0].durationSeconds",
                          "tasks[0].durationSeconds", "tests"])
        #expect(throws: BuildReportError.invalid(report.problems)) { try report.validate() }

        report = BuildReport(dimensions: BuildDimensions(repository: "r"), durationSeconds: 10, outcome: .success,
                             tasks: Array(repeating: TaskRecord(name: ":t", outcome: .executed), count: BuildReport.Limits.maxTasks + 1))
        #expect(report.problems.map(\.path) == ["tasks"])
    }

    @Test("a report without any duration is rejected; a disagreeing duration too")
    func durations() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let none = BuildReport(dimensions: BuildDimensions(repository: "r"), startedAt: start, outcome: .success)
        #expect(none.problems.map(\.path) == ["durationSeconds"])
        let off = BuildReport(dimensions: BuildDimensions(repository: "r"), startedAt: start, finishedAt: start.addingTimeInterval(100),
                              durationSeconds: 1_000, outcome: .success)
        #expect(off.problems.map(\.path) == ["durationSeconds"])
    }

    @Test("test counts that would overflow when added are a problem, not a trap", arguments: [
        TestSummary(total: .max, passed: .max, failed: .max, skipped: .max),
        TestSummary(total: 1, passed: .max, failed: 1),
        TestSummary(total: .max, passed: .max - 1, failed: 0, skipped: 2),
        TestSummary(total: BuildReport.Limits.maxTestCount + 1, passed: 1),
    ])
    func overflowingTestCounts(tests: TestSummary) {
        let report = BuildReport(dimensions: BuildDimensions(repository: "r"), durationSeconds: 10, outcome: .success, tests: tests)
        let paths = report.problems.map(\.path)
        #expect(!paths.isEmpty)
        #expect(paths.allSatisfy { $0.hasPrefix("tests") })
    }
}
