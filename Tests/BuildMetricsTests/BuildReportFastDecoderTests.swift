import Foundation
@testable import BuildMetrics
import Testing

@Suite("build reports: the fast decoder agrees with JSONDecoder")
struct BuildReportFastDecoderTests {
    /// What `JSONDecoder` reads from `json`, or nil if it refuses it.
    private func slow(_ json: String) -> BuildReport? {
        try? BuildReport.makeDecoder().decode(BuildReport.self, from: Data(json.utf8))
    }

    private func fast(_ json: String) -> BuildReport? {
        BuildReportFastDecoder.decode(Data(json.utf8))
    }

    @Test("the fixture and its re-encoding take the fast path and give JSONDecoder's report")
    func fixture() throws {
        let data = try Fixture.data("build-report.json")
        let expected = try BuildReport.makeDecoder().decode(BuildReport.self, from: data)
        #expect(BuildReportFastDecoder.decode(data) == expected)
        let encoded = try expected.encoded()
        #expect(BuildReportFastDecoder.decode(encoded) == expected)
    }

    @Test("a 200-task report as agents send it takes the fast path")
    func largeReport() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000.25)
        let tasks = (0..<200).map { index in
            TaskRecord(name: ":app:task\(index)", target: index % 3 == 0 ? nil : "app", durationSeconds: Double(index) / 7,
                       outcome: TaskOutcome.allCases[index % TaskOutcome.allCases.count], cacheKind: CacheKind.allCases[index % 3])
        }
        let report = BuildReport(
            id: "run-1", dimensions: BuildDimensions(repository: "acme/ios", branch: "main", platform: .ios, buildKind: .clean),
            startedAt: start, finishedAt: start.addingTimeInterval(90), queueSeconds: 1.5e1, outcome: .failure,
            steps: [StepRecord(name: "build", durationSeconds: 80, outcome: .failure)], tasks: tasks,
            tests: TestSummary(total: 3, passed: 2, failed: 1, failures: [TestFailure(suite: "S", name: "t", message: "ü ✓")]))
        let data = try report.encoded()
        let decoded = try #require(BuildReportFastDecoder.decode(data))
        #expect(decoded == report)
        #expect(decoded == (try BuildReport.makeDecoder().decode(BuildReport.self, from: data)))
    }

    @Test("plain variations are read exactly as JSONDecoder reads them", arguments: [
        #"{"dimensions":{"repository":"r"},"outcome":"success","durationSeconds":1}"#,
        #" { "dimensions" : { "repository" : "r" , "branch" : null } ,"outcome":"canceled", "durationSeconds" : -0.5e-2 } "#,
        #"{"dimensions":{"repository":"r"},"outcome":"success","durationSeconds":1E2,"steps":null,"tasks":[],"tests":null,"id":null}"#,
        #"{"dimensions":{"repository":"r"},"outcome":"success","durationSeconds":0,"tests":{"total":2,"passed":null,"failures":[]}}"#,
        #"{"outcome":"success","dimensions":{"repository":"r","platform":"android"},"startedAt":"2026-11-21T10:00:00.5Z","finishedAt":"2026-11-21T12:00:00+02:00"}"#,
        #"{"dimensions":{"repository":"r"},"outcome":"success","tasks":[{"name":"t","outcome":"fromCache","durationSeconds":null,"cacheKind":"local"}]}"#,
    ])
    func agrees(json: String) throws {
        let expected = try #require(slow(json), "JSONDecoder reads it")
        #expect(fast(json) == expected)
    }

    @Test("anything unusual is left to JSONDecoder", arguments: [
        #"{"dimensions":{"repository":"r\u0041"},"outcome":"success"}"#,                  // escape
        #"{"dimensions":{"repository":"r"},"outcome":"success","extra":1}"#,               // unknown key
        #"{"dimensions":{"repository":"r"},"outcome":"success","outcome":"failure"}"#,     // repeated key
        #"{"dimensions":{"repository":"r"},"outcome":null}"#,                              // null where required
        #"{"dimensions":{"repository":"r"},"outcome":"success","tests":{"total":1.0}}"#,   // integer written as 1.0
        #"{"dimensions":{"repository":"r"},"outcome":"success"} x"#,                       // trailing text
        #"{"dimensions":{"repository":"r"},"outcome":"success","durationSeconds":01}"#,    // leading zero
        #"{"dimensions":{"repository":"r"},"outcome":"success","durationSeconds":1e999}"#, // not finite
        #"{"dimensions":{"repository":"r"},"outcome":"success","durationSeconds":1.}"#,    // no digits after the point
        #"{"dimensions":{"repository":"r"},"outcome":"cached"}"#,                          // unknown value
        #"{"dimensions":{"repository":"r"},"outcome":"success","startedAt":"yesterday"}"#, // bad date
        #"{"dimensions":{"repository":"r"},"outcome":"success","tests":{"total":99999999999999999999}}"#, // too big
        #"{"dimensions":{"repository":"r"},"outcome":"success","tasks":[{"name":"t","outcome":"executed"},]}"#, // trailing comma
        #"[1]"#,
        "",
    ])
    func declines(json: String) {
        #expect(fast(json) == nil)
    }

    @Test("what the fast path declines still decodes, or fails with a field path, through JSONDecoder")
    func fallback() throws {
        let escaped = try BuildReport.decode(Data(#"{"dimensions":{"repository":"r\u0041"},"outcome":"success","durationSeconds":1,"extra":1}"#.utf8))
        #expect(escaped.dimensions.repository == "rA")
        #expect(throws: BuildReportError.invalid([ValidationProblem(path: "outcome", message: "expected a string, one of: success, failure, canceled")])) {
            try BuildReport.decode(Data(#"{"dimensions":{"repository":"r"},"outcome":null,"durationSeconds":1}"#.utf8))
        }
    }
}
