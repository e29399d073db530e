import Core
import Foundation
import Findings
import Testing

@Suite("GitLab Code Quality (Code Climate JSON)")
struct CodeClimateTests {
    func read(_ data: Data, root: String? = "/builds/shop/app") throws -> [Finding] {
        var reader = CodeClimateStreamReader(root: root)
        try reader.feed(data)
        return try reader.finish()
    }

    @Test("the Code Climate engines' report: engine, check, description, lines, the tool's fingerprint")
    func lines() throws {
        let findings = try read(Fixture.data("gl-code-quality-lines.json"))
        #expect(findings.count == 3)
        #expect(findings[0] == Finding(
            tool: "structure", ruleID: "method_complexity", level: .warning,
            message: "Function `parseOrder` has a Cognitive Complexity of 9 (exceeds 5 allowed). Consider refactoring.",
            path: "src/orders/parse.ts", startLine: 12, endLine: 40, toolFingerprint: "fingerprint:0c2b5e0f7d4f4a1f9d8e2b6a1c3d5e7f"))
        // `major` is an error; `other_locations` are secondary places, not the finding's.
        #expect(findings[1].level == .error && findings[1].path == "src/orders/format.ts" && findings[1].startLine == 3)
        #expect(findings[2].tool == "fixme" && findings[2].path == "src/index.ts")
    }

    @Test("positions.begin.line where lines.begin is absent; an offset-only position has no line")
    func positions() throws {
        let findings = try read(Fixture.data("gl-code-quality-positions.json"))
        #expect(findings.map(\.startLine) == [16, 17, 30, 0])
        #expect(findings.map(\.column) == [1, 22, nil, nil])
        #expect(findings.map(\.endLine) == [16, 17, 30, nil])
        // `info` is a note; severities are read in any case (`BLOCKER`).
        #expect(findings.map(\.level) == [.warning, .warning, .note, .error])
    }

    @Test("severities onto levels", arguments: [
        ("info", FindingLevel.note), ("minor", .warning), ("major", .error), ("critical", .error), ("blocker", .error), ("MINOR", .warning),
    ])
    func severities(name: String, level: FindingLevel) {
        #expect(FindingLevel(codeClimate: name) == level)
    }

    @Test("SwiftLint's own codeclimate reporter, nulls for a violation without a file")
    func swiftLintReporter() throws {
        let report = try FindingsReader(repositoryRoot: nil, readsSources: false).read(Fixture.data("swiftlint-canned-codeclimate-reporter.json"))
        #expect(report.format == .codeClimate)
        #expect(report.findings.map(\.tool) == Array(repeating: "SwiftLint", count: 4))
        #expect(report.findings.map(\.level) == [.warning, .error, .error, .error])
        #expect(report.findings[3].path == "" && report.findings[3].startLine == 0)
        // Two issues with one fingerprint stay two findings.
        #expect(Set(report.findings.map(\.fingerprint)).count == 4)
    }

    @Test("without an engine the tool is Code Quality; without a check the rule is unknown")
    func bare() throws {
        let findings = try read(Data(#"[{"description":"d","severity":"critical","location":{"path":"/builds/shop/app/a.rb","lines":{"begin":2}}}]"#.utf8))
        #expect(findings == [Finding(tool: "Code Quality", ruleID: "unknown", level: .error, message: "d", path: "a.rb", startLine: 2)])
    }

    @Test("detected from the content, whichever key comes first")
    func detection() throws {
        for name in ["gl-code-quality-lines.json", "gl-code-quality-positions.json", "swiftlint-canned-codeclimate-reporter.json"] {
            #expect(try ReportFormat.detect(Fixture.data(name)) == .codeClimate)
        }
        #expect(try ReportFormat.detect(Fixture.data("swiftlint.json")) == .swiftLintJSON)
        #expect(ReportFormat(rawValue: "codeClimate") == .codeClimate)
        // An issue opening with `type` and a long `content.body`: only `content` is in the window.
        let body = String(repeating: "Explain the rule. ", count: 600)
        let long = #"[{"type": "issue", "content": {"body": "\#(body)"}, "check_name": "c", "description": "d", "location": {"path": "a.rb", "lines": {"begin": 1}}}]"#
        #expect(try ReportFormat.detect(Data(long.utf8)) == .codeClimate)
    }

    @Test("fed in any pieces, the report reads the same", arguments: [1, 7, 64, 4_096])
    func pieces(size: Int) throws {
        let data = Array(try Fixture.data("gl-code-quality-lines.json"))
        var reader = CodeClimateStreamReader(root: "/builds/shop/app")
        var start = 0
        while start < data.count {
            try reader.feed(data[start..<min(start + size, data.count)])
            start += size
        }
        #expect(try reader.finish() == read(Data(data)))
    }

    @Test("a byte-order mark is skipped, even split across pieces")
    func byteOrderMark() throws {
        let data: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"[{"check_name":"c","location":{"path":"a"}}]"#.utf8)
        var reader = CodeClimateStreamReader(root: nil)
        for byte in data { try reader.feed([byte]) }
        #expect(try reader.finish().map(\.ruleID) == ["c"])
    }

    @Test("malformed or cut-off reports name the byte where reading failed")
    func malformed() {
        #expect(throws: FindingsError.malformedJSON(format: .codeClimate, reason: "unexpected end of data", offset: 21)) {
            try read(Data(#"[{"check_name":"c"},{"#.utf8))
        }
        #expect(throws: FindingsError.malformedJSON(format: .codeClimate, reason: "expected ',' or ']' in an array", offset: 20)) {
            try read(Data(#"[{"check_name":"c"} {}]"#.utf8))
        }
        #expect(throws: FindingsError.invalidReport(format: .codeClimate, reason: "a Code Quality report must be a JSON array of issues", offset: 0)) {
            try read(Data(#"{"check_name":"c"}"#.utf8))
        }
        let error = FindingsError.malformedJSON(format: .codeClimate, reason: "unexpected end of data", offset: 21)
        #expect(error.description == "malformed GitLab Code Quality JSON: unexpected end of data at byte 21")
    }

    @Test("one issue larger than the limit is refused where it starts")
    func valueLimit() {
        var reader = CodeClimateStreamReader(root: nil, maximumValueBytes: 100)
        #expect(throws: FindingsError.invalidReport(format: .codeClimate, reason: "a single issue is larger than 100 bytes", offset: 1)) {
            try reader.feed(Array(("[{\"description\":\"" + String(repeating: "x", count: 200)).utf8))
        }
    }

    @Test("a file is streamed from disk")
    func fromFile() throws {
        let report = try FindingsReader(repositoryRoot: "/builds/shop/app", readsSources: false).read(fileAt: Fixture.path("gl-code-quality-positions.json"))
        #expect(report.format == .codeClimate && report.findings.count == 4)
    }
}
