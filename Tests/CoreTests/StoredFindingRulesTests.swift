import Core
import Testing

/// The one set of rules both findings routes keep: what a stored finding may hold
/// (`problem`) and how a reader makes a report's finding fit them (`fitted()`).
@Suite("A stored finding's rules")
struct StoredFindingRulesTests {
    static func finding(message: String = "m", path: String? = "Sources/A.swift", line: Int? = 3) -> StoredFinding {
        StoredFinding(tool: "T", ruleID: "R", level: "warning", message: message, path: path, line: line, fingerprint: String(repeating: "a", count: 64))
    }

    @Test("a path must stay inside the checkout", arguments: ["../../../../etc/passwd", "/etc/shadow", "a/../../b", ".."])
    func pathOutside(path: String) {
        #expect(Self.finding(path: path).problem == "path must be absent or relative to the checkout, without '..'")
        let fitted = Self.finding(path: path).fitted()
        #expect(fitted.path == nil && fitted.problem == nil, "dropped: the finding is kept without a file")
    }

    @Test("a path inside is kept as it is")
    func pathInside() {
        #expect(Self.finding(path: "app/src/..x/Main.kt").problem == nil)
        #expect(Self.finding(path: "app/src/Main.kt").fitted().path == "app/src/Main.kt")
    }

    @Test("NUL and escape characters are refused, and fitted into spaces, never cut at")
    func controlCharacters() {
        for message in ["nul\u{0}esc", "\u{1B}[31mRED"] {
            #expect(Self.finding(message: message).problem?.hasPrefix("message must be at most 8192 characters") == true)
        }
        #expect(Self.finding(message: "nul\u{0}esc").fitted().message == "nul esc")
        #expect(Self.finding(message: "\u{1B}[31mRED").fitted().message == " [31mRED")
        #expect(Self.finding(message: "tab\tand\nlines").problem == nil)
    }

    @Test("a line outside 1…2147483647 is refused, and dropped when fitted", arguments: [0, -1, Int(Int32.max) + 1, Int.max])
    func lineOutside(line: Int) {
        #expect(Self.finding(line: line).problem == "line must be absent or from 1 to 2147483647")
        #expect(Self.finding(line: line).fitted().line == nil)
        #expect(Self.finding(line: Int(Int32.max)).problem == nil)
    }
}
