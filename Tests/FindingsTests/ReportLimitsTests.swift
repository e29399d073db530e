import Core
import Foundation
import Findings
import Testing

/// Reports built to make a reader work or hold far more than their size: each is read in
/// bounded time and memory, or refused as soon as it passes a limit.
@Suite("Report limits", .timeLimit(.minutes(3)))
struct ReportLimitsTests {
    /// A SARIF log with `rules` rule descriptors and `results` results, each naming a rule id
    /// no descriptor has, except every thousandth, which names rule `n` (level `error` by default).
    static func manyRulesAndResults(rules: Int, results: Int) -> Data {
        let descriptors = (0..<rules).map { #"{"id":"rule\#($0)","defaultConfiguration":{"level":"error"}}"# }
        let entries = (0..<results).map { index in
            let rule = index % 1_000 == 0 ? "rule\(index)" : "nomatch\(index)"
            return #"{"ruleId":"\#(rule)","message":{"text":"m"}}"#
        }
        let log = #"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T","rules":["# + descriptors.joined(separator: ",")
            + #"]}},"results":["# + entries.joined(separator: ",") + "]}]}"
        return Data(log.utf8)
    }

    @Test("40,000 rules and 40,000 results: every result read, rules found by id, in well under a minute")
    func rulesByID() throws {
        let findings = try FindingsReader(repositoryRoot: nil, readsSources: false).read(Self.manyRulesAndResults(rules: 40_000, results: 40_000)).findings
        #expect(findings.count == 40_000)
        // The rule's default level only applies where a rule matched: 40 of them.
        #expect(findings.count(where: { $0.level == .error }) == 40)
        #expect(findings.count(where: { $0.level == .warning }) == 39_960)
        #expect(findings[1_000].ruleID == "rule1000" && findings[1_000].level == .error)
    }

    @Test("XML nested past 256 elements is refused where it passes the limit; 256 deep is read")
    func xmlDepth() throws {
        func nested(_ depth: Int) -> Data {
            Data(("<checkstyle>" + String(repeating: "<a>", count: depth - 1) + String(repeating: "</a>", count: depth - 1) + "</checkstyle>").utf8)
        }
        #expect(try CheckstyleParser.parse(nested(256), root: nil).isEmpty)
        // The column is just past the start tag that would be the 257th level.
        let column = "<checkstyle>".utf8.count + 256 * 3 + 1
        #expect(throws: FindingsError.malformedXML(format: .checkstyle, reason: "elements nest more than 256 deep", line: 1, column: column)) {
            try CheckstyleParser.parse(nested(257), root: nil)
        }
        // A million open elements (the attack's shape) stop at the 257th level, not at the end.
        let deep = Data(("<issues>" + String(repeating: "<a>", count: 1_000_000)).utf8)
        #expect(throws: FindingsError.malformedXML(format: .androidLint, reason: "elements nest more than 256 deep", line: 1, column: 8 + 256 * 3 + 1)) {
            try AndroidLintParser.parse(deep, root: nil)
        }
    }

    @Test("past the findings limit every format stops reading: what follows (here, broken) is never seen", arguments: ReportFormat.allCases)
    func findingsLimit(format: ReportFormat) throws {
        let report: String
        switch format {
        case .sarif:
            report = #"{"runs":[{"results":["# + Array(repeating: #"{"ruleId":"r"}"#, count: 4).joined(separator: ",") + ",{broken"
        case .checkstyle:
            report = #"<checkstyle><file name="a">"# + String(repeating: #"<error line="1" source="r"/>"#, count: 4) + "<broken"
        case .androidLint:
            report = "<issues>" + String(repeating: #"<issue id="r"><location file="a"/></issue>"#, count: 4) + "<broken"
        case .swiftLintJSON:
            report = "[" + Array(repeating: #"{"rule_id":"r","reason":"m"}"#, count: 4).joined(separator: ",") + ",{broken"
        case .codeClimate:
            report = "[" + Array(repeating: #"{"check_name":"r","location":{"path":"a"}}"#, count: 4).joined(separator: ",") + ",{broken"
        }
        let reader = FindingsReader(repositoryRoot: nil, readsSources: false, maximumFindings: 3)
        #expect(throws: FindingsError.tooManyFindings(format: format, limit: 3)) { try reader.read(Data(report.utf8)) }
        // Four are within a limit of four, so the broken rest is read, and refused for what it is.
        let atTheLimit = FindingsReader(repositoryRoot: nil, readsSources: false, maximumFindings: 4)
        #expect {
            try atTheLimit.read(Data(report.utf8))
        } throws: { error in
            guard case FindingsError.tooManyFindings = error else { return true }
            return false
        }
        #expect(FindingsError.tooManyFindings(format: format, limit: 3).description.hasSuffix("report holds more than 3 findings, the most one report may send"))
    }

    @Test("the default limit is the agent route's")
    func defaultLimit() {
        #expect(FindingsReader(repositoryRoot: nil).maximumFindings == JobFindings.maximumFindings)
    }

    @Test("a long base URI shared by many short ones cannot make the paths outgrow the log")
    func sharedBase() throws {
        // 9,000 distinct files under a 4,000-byte base: 36 MB of paths from a 0.8 MB log.
        let base = "/" + String(repeating: "b", count: 3_999)
        let results = (0..<9_000).map { #"{"locations":[{"physicalLocation":{"artifactLocation":{"uri":"f\#($0)","uriBaseId":"B"}}}]}"# }
        let log = #"{"runs":[{"originalUriBaseIds":{"B":{"uri":"\#(base)"}},"results":["# + results.joined(separator: ",") + "]}]}"
        #expect(throws: FindingsError.invalidReport(format: .sarif, reason: "the findings' paths come to more than \(32 << 20) bytes", offset: nil)) {
            try FindingsReader(repositoryRoot: nil, readsSources: false).read(Data(log.utf8))
        }
        // A base longer than any real path is not applied at all.
        let tooLong = "/" + String(repeating: "b", count: JobFindings.maximumPathLength)
        let one = #"{"runs":[{"originalUriBaseIds":{"B":{"uri":"\#(tooLong)"}},"results":[\#(results[0])]}]}"#
        #expect(try FindingsReader(repositoryRoot: nil, readsSources: false).read(Data(one.utf8)).findings.map(\.path) == ["f0"])
    }
}
