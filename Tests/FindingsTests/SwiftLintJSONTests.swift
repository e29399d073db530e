import Foundation
import Findings
import Testing

@Suite("SwiftLint JSON and format detection")
struct SwiftLintJSONTests {
    @Test("SwiftLint's JSON reporter: fields, null character, escapes")
    func fields() throws {
        let findings = try SwiftLintJSONParser.parse(Fixture.data("swiftlint.json"), root: "/Users/runner/work/app/app")
        #expect(findings.count == 3)
        #expect(findings[1] == Finding(
            tool: "SwiftLint", ruleID: "force_cast", level: .error, message: "Force casts should be avoided",
            path: "Sources/App/LoginView.swift", startLine: 57, column: 23
        ))
        #expect(findings[0].level == .warning)
        #expect(findings[2].column == nil)
        #expect(findings[2].message == "Files should have a single trailing newline é")
    }

    @Test("truncated JSON is an error at the byte where it stops")
    func truncated() throws {
        let data = try Fixture.data("swiftlint.json")
        let cut = data.prefix(300)
        #expect {
            try SwiftLintJSONParser.parse(cut, root: nil)
        } throws: { error in
            guard case FindingsError.malformedJSON(.swiftLintJSON, _, let offset) = error else { return false }
            return offset > 200 && offset <= 300
        }
    }

    @Test("each fixture is recognised from its content, whatever its name", arguments: [
        ("codeql.sarif", ReportFormat.sarif), ("swiftlint.sarif", .sarif), ("swiftlint-checkstyle.xml", .checkstyle),
        ("detekt-checkstyle.xml", .checkstyle), ("ktlint-checkstyle.xml", .checkstyle), ("lint-results.xml", .androidLint),
        ("swiftlint.json", .swiftLintJSON),
    ])
    func detection(name: String, format: ReportFormat) throws {
        #expect(try ReportFormat.detect(Fixture.data(name)) == format)
        #expect(try FindingsReader(repositoryRoot: nil).read(fileAt: Fixture.path(name)).format == format)
    }

    @Test("a first violation whose reason is longer than the detection window is still SwiftLint JSON")
    func longReason() throws {
        let reason = String(repeating: "Line should be 120 characters or less. ", count: 400)
        let report = #"[{"character": 1, "file": "/w/Sources/A.swift", "line": 3, "reason": "\#(reason)", "rule_id": "line_length", "severity": "Warning", "type": "Line Length"}]"#
        let read = try FindingsReader(repositoryRoot: "/w").read(Data(report.utf8))
        #expect(read.format == .swiftLintJSON && read.findings.map(\.ruleID) == ["line_length"])
    }

    @Test("an unknown format is a clear error", arguments: ["", "hello", #"{"name": "x"}"#, "<html></html>", #"[{"a": 1}]"#])
    func unknown(text: String) {
        #expect {
            try FindingsReader(repositoryRoot: nil).read(Data(text.utf8))
        } throws: { error in
            guard case FindingsError.unknownFormat = error else { return false }
            return "\(error)".contains("accepted: SARIF 2.1.0, Checkstyle XML, Android Lint XML, SwiftLint JSON")
        }
    }

    @Test("SwiftLint and Android Lint severities map onto levels")
    func levels() {
        #expect(["Error", "Warning"].map { FindingLevel(swiftLint: $0) } == [.error, .warning])
        #expect(["Fatal", "Error", "Warning", "Information", "Ignore"].map { FindingLevel(androidLint: $0) } == [.error, .error, .warning, .note, FindingLevel.none])
        #expect(["error", "warning", "note", "none"].map { FindingLevel(sarif: $0) } == [.error, .warning, .note, FindingLevel.none])
    }
}
