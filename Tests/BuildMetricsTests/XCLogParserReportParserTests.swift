import Foundation
import BuildMetrics
import Testing

@Suite("XCLogParser reports")
struct XCLogParserReportParserTests {
    @Test("json report: targets with durations and cache outcome")
    func nested() throws {
        let result = XCLogParserReportParser.parse(try Fixture.data("xclogparser.json"))
        #expect(result.outcome == .success)
        #expect(result.durationSeconds == 120.5)
        #expect(result.warningCount == 3)
        #expect(result.tasks == [
            TaskRecord(name: "Core", target: "Core", durationSeconds: 80.25, outcome: .executed),
            TaskRecord(name: "Network", target: "Network", durationSeconds: 0.75, outcome: .fromCache, cacheKind: .local),
            TaskRecord(name: "App", target: "App", durationSeconds: 39.5, outcome: .fromCache, cacheKind: .local),
        ])
        #expect(result.warnings.isEmpty)
    }

    @Test("flatJson report: parents linked by identifier, failed target, unknown step type warned")
    func flat() throws {
        let result = XCLogParserReportParser.parse(try Fixture.data("xclogparser-flat.json"))
        #expect(result.outcome == .failure)
        #expect(result.errorCount == 1)
        #expect(result.errorMessages == ["Undefined symbol: _foo"])
        #expect(result.tasks.map(\.outcome) == [.fromCache, .failed])
        #expect(result.tasks.map(\.durationSeconds) == [20, 13])
        #expect(result.warnings.map(\.message) == ["steps of unknown type `phase` ignored"])
    }

    @Test("a truncated report is read up to its last complete value")
    func truncated() throws {
        let data = try Fixture.data("xclogparser.json")
        let cut = try #require(String(decoding: data, as: UTF8.self).range(of: "\"t-app\""))
        let prefix = Data(String(decoding: data, as: UTF8.self)[..<cut.lowerBound].utf8)
        let result = XCLogParserReportParser.parse(prefix)
        #expect(result.tasks.map(\.name) == ["Core", "Network"])
        #expect(result.warnings.contains { $0.message.contains("truncated") })
    }

    @Test("garbage, an empty body and the wrong JSON give warnings")
    func garbage() {
        #expect(!XCLogParserReportParser.parse(Fixture.garbage(seed: 3)).warnings.isEmpty)
        #expect(!XCLogParserReportParser.parse(Data()).warnings.isEmpty)
        let other = XCLogParserReportParser.parse(Data("{\"hello\": 1}".utf8))
        #expect(other.tasks.isEmpty && !other.warnings.isEmpty)
    }
}
