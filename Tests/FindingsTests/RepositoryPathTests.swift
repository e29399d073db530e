import Findings
import Testing

@Suite("repository paths")
struct RepositoryPathTests {
    @Test("absolute paths, file: URIs and relative paths all end up relative to the root", arguments: [
        ("/r/app/./src//A.kt", "/r/app", "src/A.kt"),
        ("file:///r/app/a%20b.kt", "/r/app/", "a b.kt"),
        ("file://localhost/r/app/c.kt", "/r/app", "c.kt"),
        ("app\\src\\B.kt", "/r", "app/src/B.kt"),
        ("./app/../core/C.kt", "/r", "core/C.kt"),
        ("/elsewhere/D.kt", "/r", "/elsewhere/D.kt"),
        ("/r2/x.kt", "/r", "/r2/x.kt"),
        ("Sources/App/View.swift", "/r", "Sources/App/View.swift"),
    ])
    func normalise(raw: String, root: String, expected: String) {
        #expect(RepositoryPath.normalise(raw, root: root) == expected)
    }

    @Test("a SARIF result's fingerprints: primaryLocationLineHash, else the first fingerprint by key")
    func toolFingerprints() throws {
        let text = #"""
        {"runs":[{"tool":{"driver":{"name":"T"}},"results":[
          {"ruleId":"a","message":{"text":"m"},"fingerprints":{"b/v1":"2","a/v1":"1"},"partialFingerprints":{"other":"x"}},
          {"ruleId":"a","message":{"text":"m"},"partialFingerprints":{"other":"x"}}
        ]}]}
        """#
        var reader = SARIFStreamReader(root: nil)
        try reader.feed(Array(text.utf8))
        let findings = try reader.finish()
        #expect(findings.map(\.toolFingerprint) == ["a/v1:1", nil])
        #expect(findings.map(\.startLine) == [0, 0])
    }
}
