import Foundation
import Findings
import Testing
import TestSupport

@Suite("fingerprints")
struct FingerprintTests {
    /// Writes `lines` as `Sources/A.swift` under a new directory and returns the directory.
    func tree(_ lines: [String]) throws -> String {
        let root = try TemporaryDirectory.create("findings-tests").path
        try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(toFile: root + "/Sources/A.swift", atomically: true, encoding: .utf8)
        return root
    }

    func finding(line: Int, message: String = "Force casts should be avoided", toolFingerprint: String? = nil) -> Finding {
        Finding(tool: "SwiftLint", ruleID: "force_cast", level: .error, message: message, path: "Sources/A.swift",
                startLine: line, toolFingerprint: toolFingerprint)
    }

    let body = ["final class A {", "    func f() {", "        let v = x as! View", "    }", "}"]

    @Test("lines inserted above a finding keep its fingerprint; editing its line changes it")
    func movesWithCode() throws {
        let before = Fingerprinter(sourceRoot: try tree(body)).fingerprint([finding(line: 3)])
        let moved = Fingerprinter(sourceRoot: try tree(["import UIKit", "", "// A comment"] + body)).fingerprint([finding(line: 6)])
        #expect(before[0].fingerprint.count == 64)
        #expect(moved[0].fingerprint == before[0].fingerprint)
        var edited = body
        edited[2] = "        let v = y as! View"
        let changed = Fingerprinter(sourceRoot: try tree(edited)).fingerprint([finding(line: 3)])
        #expect(changed[0].fingerprint != before[0].fingerprint)
        // Re-indenting is not a change.
        var reindented = body
        reindented[2] = "\tlet  v = x as! View  "
        #expect(Fingerprinter(sourceRoot: try tree(reindented)).fingerprint([finding(line: 3)])[0].fingerprint == before[0].fingerprint)
    }

    @Test("identical findings in one file stay distinct, and stable when code moves")
    func duplicates() throws {
        let lines = ["", "let a = b as! C", "", "", "let a = b as! C", ""]
        let first = Fingerprinter(sourceRoot: try tree(lines)).fingerprint([finding(line: 2), finding(line: 5)])
        #expect(first[0].fingerprint != first[1].fingerprint)
        let moved = Fingerprinter(sourceRoot: try tree(["// header"] + lines)).fingerprint([finding(line: 6), finding(line: 3)])
        #expect(Set(moved.map(\.fingerprint)) == Set(first.map(\.fingerprint)))
        // Occurrence follows line order, not report order.
        #expect(moved[1].fingerprint == first[0].fingerprint)
    }

    @Test("without a source tree the message stands in for the lines, and the line number is left out")
    func messageFallback() {
        let fingerprinter = Fingerprinter(sourceRoot: nil)
        let a = fingerprinter.fingerprint([finding(line: 10)])
        let b = fingerprinter.fingerprint([finding(line: 30)])
        #expect(a[0].fingerprint == b[0].fingerprint)
        #expect(fingerprinter.fingerprint([finding(line: 10, message: "other")])[0].fingerprint != a[0].fingerprint)
    }

    @Test("the tool's own fingerprint wins over lines and message")
    func toolFingerprint() throws {
        let root = try tree(body)
        let a = Fingerprinter(sourceRoot: root).fingerprint([finding(line: 3, toolFingerprint: "primaryLocationLineHash:1:1")])
        let b = Fingerprinter(sourceRoot: root).fingerprint([finding(line: 4, message: "reworded", toolFingerprint: "primaryLocationLineHash:1:1")])
        let c = Fingerprinter(sourceRoot: root).fingerprint([finding(line: 3, toolFingerprint: "primaryLocationLineHash:2:1")])
        #expect(a[0].fingerprint == b[0].fingerprint)
        #expect(a[0].fingerprint != c[0].fingerprint)
    }

    @Test("end to end: a SwiftLint report against its checkout, before and after lines are inserted")
    func throughTheReader() throws {
        func report(root: String, line: Int) -> Data {
            Data(#"[{"character": 17, "file": "\#(root)/Sources/A.swift", "line": \#(line), "reason": "Force casts should be avoided", "rule_id": "force_cast", "severity": "Error", "type": "Force Cast"}]"#.utf8)
        }
        let rootA = try tree(body)
        let rootB = try tree(["import UIKit", ""] + body)
        let a = try FindingsReader(repositoryRoot: rootA).read(report(root: rootA, line: 3))
        let b = try FindingsReader(repositoryRoot: rootB).read(report(root: rootB, line: 5))
        #expect(a.findings[0].path == "Sources/A.swift")
        #expect(a.findings[0].fingerprint == b.findings[0].fingerprint)
        // Reading no sources, the same report fingerprints by message instead.
        let server = try FindingsReader(repositoryRoot: rootA, readsSources: false).read(report(root: rootA, line: 3))
        #expect(server.findings[0].fingerprint != a.findings[0].fingerprint)
    }

    @Test("a tool fingerprint several findings of a report share is no identity: an issue added above the others is the new one")
    func sharedToolFingerprint() throws {
        // SwiftLint's Code Quality reporter hashes the file and rule only: every `force_cast`
        // of a file has the same fingerprint.
        func report(root: String, lines: [Int]) -> Data {
            let issues = lines.map { line in
                #"{"check_name": "Force Cast", "description": "Force casts should be avoided", "engine_name": "SwiftLint", "fingerprint": "4a17aef1", "location": {"lines": {"begin": \#(line)}, "path": "\#(root)/Sources/A.swift"}, "severity": "major", "type": "issue"}"#
            }
            return Data(("[" + issues.joined(separator: ",\n") + "]").utf8)
        }
        let lines = ["let a = b as! C", "", "", "let d = e as! F"]
        let rootA = try tree(lines), rootB = try tree(["let z = y as! Q", "", ""] + lines)
        let before = try FindingsReader(repositoryRoot: rootA).read(report(root: rootA, lines: [1, 4]))
        let after = try FindingsReader(repositoryRoot: rootB).read(report(root: rootB, lines: [1, 4, 7]))
        #expect(before.format == .codeClimate && Set(before.findings.map(\.fingerprint)).count == 2)
        let comparison = FindingsComparison(base: before.findings, head: after.findings)
        #expect(comparison.new.map(\.startLine) == [1], "the issue on the inserted line is new, not the last of the file")
        #expect(comparison.unchanged.count == 2 && comparison.fixed.isEmpty)
        // A fingerprint no other finding shares is still the identity, whatever the lines around it say.
        let alone = try FindingsReader(repositoryRoot: rootA).read(report(root: rootA, lines: [1]))
        let elsewhere = try FindingsReader(repositoryRoot: rootB).read(report(root: rootB, lines: [2]))
        #expect(alone.findings[0].fingerprint == elsewhere.findings[0].fingerprint)
    }
}
