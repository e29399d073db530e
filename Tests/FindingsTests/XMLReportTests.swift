import Foundation
import Findings
import Testing

@Suite("Checkstyle and Android Lint XML")
struct XMLReportTests {
    @Test("SwiftLint's checkstyle reporter: rule from source, entities decoded, paths relative")
    func swiftLint() throws {
        let findings = try CheckstyleParser.parse(Fixture.data("swiftlint-checkstyle.xml"), root: "/Users/runner/work/app/app")
        #expect(findings.count == 3)
        #expect(findings[0] == Finding(
            tool: "SwiftLint", ruleID: "line_length", level: .warning,
            message: "Line Length Violation: Line should be 120 characters or less; currently it has 134 characters (line_length)",
            path: "Sources/App/LoginView.swift", startLine: 42, column: 121
        ))
        #expect(findings[1].ruleID == "force_cast")
        #expect(findings[1].level == .error)
        #expect(findings[2].path == "Sources/App/Session & Token.swift")
        #expect(findings[2].message == "Identifier Name Violation: Variable name 'x' should be between 3 and 40 characters long (identifier_name) <x>")
        #expect(findings[2].column == nil)
    }

    @Test("Detekt: detekt.Rule sources, info is a note")
    func detekt() throws {
        let findings = try CheckstyleParser.parse(Fixture.data("detekt-checkstyle.xml"), root: "/home/runner/work/shop/shop")
        #expect(findings.map(\.tool) == ["detekt", "detekt", "detekt"])
        #expect(findings.map(\.ruleID) == ["MagicNumber", "LongMethod", "WildcardImport"])
        #expect(findings.map(\.level) == [.warning, .note, .error])
        #expect(findings[2].path == "core/network/src/main/kotlin/com/shop/network/Api.kt")
        #expect(findings[0].startLine == 31)
        #expect(findings[0].column == 34)
    }

    @Test("ktlint: relative paths kept, rule sets in the rule id")
    func ktlint() throws {
        let findings = try CheckstyleParser.parse(Fixture.data("ktlint-checkstyle.xml"), root: "/home/runner/work/shop/shop")
        #expect(findings.map(\.tool) == ["ktlint", "ktlint"])
        #expect(findings.map(\.ruleID) == ["standard:no-wildcard-imports", "standard:colon-spacing"])
        #expect(findings[1].message == "Unexpected spacing before \":\"")
        #expect(findings[1].path == "app/src/main/kotlin/com/shop/MainActivity.kt")
    }

    @Test("Checkstyle severities map onto levels")
    func checkstyleLevels() {
        #expect(["error", "warning", "info", "ignore", "Error"].map { FindingLevel(checkstyle: $0) } == [.error, .warning, .note, FindingLevel.none, .error])
        #expect(FindingLevel(checkstyle: "severe") == nil)
    }

    @Test("Android Lint: the first location, Fatal to Ignore")
    func androidLint() throws {
        let findings = try AndroidLintParser.parse(Fixture.data("lint-results.xml"), root: "/home/runner/work/shop/shop")
        #expect(findings.map(\.ruleID) == ["HardcodedText", "DuplicateIds", "GradleDependency", "UnusedResources", "LintBaseline"])
        #expect(findings.map(\.level) == [.warning, .error, .note, .error, .none])
        #expect(findings[0] == Finding(
            tool: "Android Lint", ruleID: "HardcodedText", level: .warning,
            message: "Hardcoded string \"Checkout\", should use `@string` resource",
            path: "app/src/main/res/layout/activity_cart.xml", startLine: 24, column: 9
        ))
        // The second location is where the duplicate was first defined, not where the issue is.
        #expect(findings[1].startLine == 40)
        #expect(findings[4].path == "app/lint-baseline.xml")
        #expect(findings[4].startLine == 0)
    }

    @Test("bad XML is an error with its line and column", arguments: [
        "<checkstyle><file name=\"a\">\n<error line=\"1\" message=\"x\" source=\"s\">\n</file></checkstyle>",
        "<checkstyle><file name=\"a\">\n<error line=\"1\" message=\"a < b\"/>\n</file></checkstyle>",
        "<checkstyle><file name=\"a\">\n<error line=\"1\" message=\"x\"/>\n",
    ])
    func badXML(text: String) {
        #expect {
            try CheckstyleParser.parse(Data(text.utf8), root: nil)
        } throws: { error in
            guard case FindingsError.malformedXML(let format, let reason, let line, let column) = error else { return false }
            return format == .checkstyle && !reason.isEmpty && line >= 2 && column >= 1
        }
    }

    @Test("a cut-off lint report is an error, not the issues so far")
    func truncatedLint() throws {
        let data = try Fixture.data("lint-results.xml")
        #expect {
            try AndroidLintParser.parse(data.prefix(data.count / 2), root: nil)
        } throws: { error in
            guard case FindingsError.malformedXML(.androidLint, _, let line, _) = error else { return false }
            return line > 1
        }
    }
}

@Suite("hostile XML")
struct HostileXMLTests {
    @Test("a name that is not UTF-8 is an error with its position, not a stopped process")
    func invalidUTF8Name() {
        let bytes = Array("<checkstyle>\n<file name=\"a\"><err".utf8) + [0xFF] + Array("or line=\"1\"/></file></checkstyle>".utf8)
        #expect(throws: FindingsError.malformedXML(format: .checkstyle, reason: "the report is not valid UTF-8", line: 2, column: 20)) {
            try CheckstyleParser.parse(Data(bytes), root: nil)
        }
    }

    @Test("processing instructions are ignored, even without data")
    func processingInstructions() throws {
        let text = "<?xml version=\"1.0\"?>\n<?x?><checkstyle><?y z?><file name=\"a\"><error line=\"3\" source=\"detekt.R\"/></file></checkstyle>"
        let findings = try CheckstyleParser.parse(Data(text.utf8), root: nil)
        #expect(findings.map(\.ruleID) == ["R"])
    }

    @Test("a DOCTYPE (the way in for entity bombs) is refused")
    func doctype() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE issues [<!ENTITY a \"aaaa\">]>\n<issues/>"
        #expect(throws: FindingsError.malformedXML(format: .androidLint, reason: "DOCTYPE declarations are not accepted", line: 2, column: 1)) {
            try AndroidLintParser.parse(Data(text.utf8), root: nil)
        }
    }

    @Test("a DOCTYPE in lowercase or mixed case is refused as the uppercase one is", arguments: ["<!doctype", "<!DocType"])
    func doctypeInAnyCase(_ opening: String) {
        let text = "<?xml version=\"1.0\"?>\n<!-- <! -->\(opening) checkstyle [<!ENTITY xxe \"x\">]>\n<checkstyle/>"
        #expect(throws: FindingsError.malformedXML(format: .checkstyle, reason: "DOCTYPE declarations are not accepted", line: 2, column: 12)) {
            try CheckstyleParser.parse(Data(text.utf8), root: nil)
        }
    }
}
