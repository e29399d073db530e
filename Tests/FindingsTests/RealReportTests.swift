import Core
import Foundation
import Findings
import Testing

/// Reports real analysers wrote (copied with their licence), or written in their exact shape
/// (see `Fixtures/README.md`): each is read with the count an independent counter made, or
/// refused with the byte where reading failed.
@Suite("real analysers' reports")
struct RealReportTests {
    let reader = FindingsReader(repositoryRoot: "/home/runner/work/app/app", readsSources: false)

    @Test("each report reads as its format with the independent count and levels", arguments: [
        ("corpus-megalinter-multirun.sarif", ReportFormat.sarif, [FindingLevel.error: 5]),
        ("corpus-codeql-rules-in-extensions.sarif", .sarif, [.warning: 1]),
        ("corpus-trivy-no-locations.sarif", .sarif, [.error: 12]),
        ("eslint-suppressed.sarif", .sarif, [.error: 2, .warning: 1]),
        ("clang-static-analyzer.sarif", .sarif, [.warning: 2]),
        ("swiftlint-canned-sarif-reporter.json", .sarif, [.warning: 1, .error: 3]),
        ("swiftlint-checkstyle-reporter.xml", .checkstyle, [.warning: 2, .error: 1]),
        ("swiftlint-null-character.json", .swiftLintJSON, [.warning: 2]),
        ("gl-code-quality-lines.json", .codeClimate, [.warning: 2, .error: 1]),
        ("gl-code-quality-positions.json", .codeClimate, [.warning: 2, .note: 1, .error: 1]),
        ("swiftlint-canned-codeclimate-reporter.json", .codeClimate, [.warning: 1, .error: 3]),
    ])
    func counts(name: String, format: ReportFormat, levels: [FindingLevel: Int]) throws {
        let report = try reader.read(fileAt: Fixture.path(name))
        #expect(report.format == format)
        #expect(report.findings.count == levels.values.reduce(0, +))
        #expect(Dictionary(grouping: report.findings, by: \.level).mapValues(\.count) == levels)
        // Read from memory (a request body), the report is the same.
        #expect(try reader.read(Fixture.data(name)) == report)
    }

    @Test("files that are not reports are refused, naming the byte where reading failed", arguments: [
        ("swiftlint-with-log-banner.json", "unknown report format (the report starts with neither '<', '{' nor '[': 'S' at byte 0)"),
        ("corpus-swiftlint-xcode-text-named-json.json", "unknown report format (the report starts with neither '<', '{' nor '[': '/' at byte 0)"),
    ])
    func refused(name: String, message: String) throws {
        let error = try #require(throws: FindingsError.self) { try reader.read(fileAt: Fixture.path(name)) }
        #expect(error.description.hasPrefix(message + "; accepted: SARIF 2.1.0, Checkstyle XML, Android Lint XML, SwiftLint JSON, GitLab Code Quality JSON"))
    }

    @Test("MegaLinter: three runs of three tools, two of them empty")
    func megaLinter() throws {
        let findings = try reader.read(fileAt: Fixture.path("corpus-megalinter-multirun.sarif")).findings
        #expect(Set(findings.map(\.tool)).count == 1)
        #expect(findings.allSatisfy { $0.suppression == nil })
    }

    @Test("Trivy: results without locations are kept without a file")
    func trivy() throws {
        let findings = try reader.read(fileAt: Fixture.path("corpus-trivy-no-locations.sarif")).findings
        #expect(findings.allSatisfy { $0.path.isEmpty && $0.startLine == 0 })
    }

    @Test("the clang static analyzer: artifact index and file: URI, the path flagged rather than its steps")
    func clang() throws {
        let findings = try reader.read(fileAt: Fixture.path("clang-static-analyzer.sarif")).findings
        #expect(findings.map(\.tool) == ["clang", "clang"])
        #expect(findings.map(\.ruleID) == ["core.DivideZero", "unix.Malloc"])
        #expect(findings.map(\.path) == ["native/src/buffer.c", "native/src/buffer.c"])
        #expect(findings.map(\.startLine) == [21, 28])
    }

    @Test("SwiftLint's SARIF reporter: relative URIs, a violation without a file kept without one")
    func swiftLintSARIF() throws {
        let findings = try reader.read(fileAt: Fixture.path("swiftlint-canned-sarif-reporter.json")).findings
        #expect(findings.map(\.tool) == Array(repeating: "SwiftLint", count: 4))
        #expect(findings.map(\.path) == ["filename", "filename", "path/file.swift", ""])
        #expect(findings[3].ruleID == "colon" && findings[3].startLine == 0)
    }

    @Test("SwiftLint's Checkstyle reporter: line and column 0 and <nopath> mean none")
    func swiftLintCheckstyle() throws {
        let macOS = FindingsReader(repositoryRoot: "/Users/runner/work/app/app", readsSources: false)
        let findings = try macOS.read(fileAt: Fixture.path("swiftlint-checkstyle-reporter.xml")).findings
        #expect(findings.map(\.ruleID) == ["line_length", "force_cast", "colon"])
        #expect(findings.map(\.tool) == ["SwiftLint", "SwiftLint", "SwiftLint"])
        #expect(findings.map(\.path) == ["Sources/App/LoginView.swift", "Sources/App/LoginView.swift", ""])
        #expect(findings.map(\.column) == [121, 23, nil])
        #expect(findings[2].startLine == 0)
    }
}
