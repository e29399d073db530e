import Foundation
import Findings
import Testing

@Suite("SARIF")
struct SARIFTests {
    let root = "/home/runner/work/shop/shop"

    func read(_ data: Data, root: String?) throws -> [Finding] {
        var reader = SARIFStreamReader(root: root)
        try reader.feed(data)
        return try reader.finish()
    }

    @Test("a CodeQL log: rules by id and index, base URIs defined after the results, fingerprints")
    func codeQL() throws {
        let findings = try read(Fixture.data("codeql.sarif"), root: root)
        #expect(findings.count == 5)
        #expect(findings[0] == Finding(
            tool: "CodeQL", ruleID: "java/sql-injection", level: .error,
            message: "This query depends on a [user-provided value](1).",
            path: "app/src/main/java/com/shop/OrderDao.java", startLine: 57, column: 30, endLine: 57,
            toolFingerprint: "primaryLocationLineHash:39fa2ee980eb94b0:1"
        ))
        // ruleIndex alone names the rule; the rule's default level applies; %20 is decoded.
        #expect(findings[1].ruleID == "java/unused-parameter")
        #expect(findings[1].level == .note)
        #expect(findings[1].path == "app/src/main/java/com/shop/Order Mapper.java")
        #expect(findings[1].startLine == 12)
        // A file: URI under the root; a rule without a default level means SARIF's `warning`.
        #expect(findings[2].path == "core/src/Util.java")
        #expect(findings[2].level == .warning)
        #expect(findings[2].toolFingerprint == nil)
        // kind `pass` is level `none` (§3.27.10).
        #expect(findings[3].level == .none)
        #expect(findings[3].path == "core/src/Clean.java")
    }

    @Test("a result whose location names no file is kept, with a note")
    func unreadableLocation() throws {
        let finding = try #require(try read(Fixture.data("codeql.sarif"), root: root).last)
        #expect(finding.message == "Query in a generated class.")
        #expect(finding.level == .warning)
        #expect(finding.path == "")
        #expect(finding.note == "location unreadable: the first location has no physicalLocation")
    }

    @Test("without a root, paths resolved through a file: base stay absolute")
    func withoutRoot() throws {
        let findings = try read(Fixture.data("codeql.sarif"), root: nil)
        #expect(findings[0].path == "/home/runner/work/shop/shop/app/src/main/java/com/shop/OrderDao.java")
    }

    @Test("SwiftLint's SARIF: results before tool, an undefined %SRCROOT% is the repository root")
    func swiftLint() throws {
        let findings = try read(Fixture.data("swiftlint.sarif"), root: "/Users/runner/work/app/app")
        #expect(findings.map(\.tool) == ["SwiftLint", "SwiftLint"])
        #expect(findings.map(\.ruleID) == ["line_length", "force_cast"])
        #expect(findings.map(\.level) == [.warning, .error])
        #expect(findings.map(\.path) == ["Sources/App/LoginView.swift", "Sources/App/LoginView.swift"])
        #expect(findings.map(\.startLine) == [42, 57])
        #expect(findings.map(\.column) == [121, 23])
    }

    @Test("fed in any pieces, the log reads the same", arguments: [1, 7, 64, 4_096])
    func pieces(size: Int) throws {
        let data = try Fixture.data("codeql.sarif")
        var reader = SARIFStreamReader(root: root)
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + size, data.endIndex)
            try reader.feed(data[start..<end])
            start = end
        }
        #expect(try reader.finish() == read(data, root: root))
    }

    @Test("a log cut off anywhere is an error at its end, never a crash", arguments: [0.1, 0.35, 0.5, 0.8, 0.99])
    func truncated(fraction: Double) throws {
        let data = try Fixture.data("codeql.sarif")
        let cut = data.prefix(Int(Double(data.count) * fraction))
        #expect(throws: FindingsError.malformedJSON(format: .sarif, reason: "unexpected end of data", offset: cut.count)) {
            try read(cut, root: root)
        }
    }

    @Test("malformed JSON inside a result names its byte offset")
    func malformedResult() throws {
        let text = #"{"version": "2.1.0", "runs": [{"results": [{"ruleId": "a",, "level": "error"}]}]}"#
        let byteOffset = try #require(Array(text.utf8).firstRange(of: Array(",,".utf8))).lowerBound + 1
        #expect(throws: FindingsError.malformedJSON(format: .sarif, reason: "expected a string", offset: byteOffset)) {
            try read(Data(text.utf8), root: nil)
        }
    }

    @Test("malformed skeleton and wrong shapes are errors with offsets")
    func malformedSkeleton() {
        #expect(throws: FindingsError.malformedJSON(format: .sarif, reason: "expected ',' or ']' in an array", offset: 24)) {
            try read(Data(#"{"runs":[{"results":[]} {}]}"#.utf8), root: nil)
        }
        #expect(throws: FindingsError.invalidReport(format: .sarif, reason: "'runs' must be an array", offset: 9)) {
            try read(Data(#"{"runs": 5}"#.utf8), root: nil)
        }
        #expect(throws: FindingsError.malformedJSON(format: .sarif, reason: "invalid literal", offset: 26)) {
            try read(Data(#"{"runs":[{"tool":{}, "x": trux}]}"#.utf8), root: nil)
        }
    }

    @Test("results: null (a tool that did not finish) and unknown members are fine")
    func nullResults() throws {
        let text = #"{"runs":[{"tool":{"driver":{"name":"X"}},"results":null,"extra":[{"a":"\"]"}]}],"more":{}}"#
        #expect(try read(Data(text.utf8), root: nil).isEmpty)
    }

    @Test("a single value larger than the limit is refused, not buffered")
    func valueLimit() throws {
        var reader = SARIFStreamReader(root: nil, maximumValueBytes: 100)
        try reader.feed(Data(#"{"runs":[{"results":[{"message":{"text":""#.utf8))
        #expect(throws: FindingsError.invalidReport(format: .sarif, reason: "a single value is larger than 100 bytes", offset: 21)) {
            try reader.feed(Data(repeating: UInt8(ascii: "a"), count: 200))
        }
    }
}
