/// What a mutator knows about a format: the tokens that make it up and how it nests.
///
/// Random bytes rarely get past a parser's first check; splicing in the format's own tokens
/// (`"\ud800"`, `*alias`, `<![CDATA[`) reaches the code behind it. One value per format, used
/// by every harness of that format, so a token that found a bug once keeps being tried.
public struct InputGrammar: Sendable {
    /// Fragments of the format, inserted or overwritten as they are.
    public var tokens: [[UInt8]]
    /// Openers that nest when repeated (`[`, `{"a":`, `- `), each with what closes it.
    public var nesting: [(open: [UInt8], close: [UInt8])]

    /// A grammar of `tokens` nesting with `nesting`.
    public init(tokens: [String], nesting: [(open: String, close: String)]) {
        self.tokens = tokens.map { Array($0.utf8) }
        self.nesting = nesting.map { (Array($0.open.utf8), Array($0.close.utf8)) }
    }

    // MARK: Formats

    /// JSON (webhook payloads, build reports): escapes, surrogates, numbers at and past
    /// `Int64`'s and `Double`'s ranges, literals cut short.
    public static let json = InputGrammar(
        tokens: [
            "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\ud83d\\ude80", "\\u0000", "\\u00e9",
            "\\n", "\\q", "true", "false", "null", "tru", "nul", "-", "0", "-0", "01", "1.", ".5", "1e", "1e400", "-1e400",
            "1e-400", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
            "1.7976931348623157e308", "\"ref\":", "\"repository\":", "\"full_name\":", "\"outcome\":", "\"tasks\":",
            "\"name\":", "\"total\":", "\"startedAt\": \"2026-02-30T25:61:00Z\"", " ", "\t", "\r\n",
        ],
        nesting: [("[", "]"), ("{\"a\":", "}"), ("[{\"b\":[", "]}]")]
    )

    /// YAML (pipelines, trains): anchors and aliases, merge keys, tags, flow and block
    /// collections, document markers, indentation.
    public static let yaml = InputGrammar(
        tokens: [
            "&a ", "*a", "&b [*a, *a, *a]", "<<: *a", "<<: [*a, *a]", "? ", ": ", "- ", "-", "---\n", "...\n", "%YAML 1.1\n",
            "!!binary ", "!!int ", "!!map ", "!custom ", "|\n  ", ">-\n  ", "'", "\"", "\\x", "#", "{", "}", "[", "]", ",",
            "~", "null", "yes", "0x", "1e400", "99999999999999999999", ".nan", "\t", "\n", "\n  ", "\n    - ", "key: value\n",
            "steps:\n", "name: x\n", "platforms: [ios, android]\n", "\u{FEFF}",
        ],
        nesting: [("[", "]"), ("{a: ", "}"), ("- ", ""), ("\n  a:", "")]
    )

    /// XML (JUnit reports): tags, attributes, entities, CDATA, comments, declarations.
    public static let xml = InputGrammar(
        tokens: [
            "<", ">", "</", "/>", "<testsuite name=\"s\">", "</testsuite>", "<testcase classname=\"c\" name=\"n\" time=\"0.1\">",
            "</testcase>", "<failure message=\"m\">", "</failure>", "<skipped/>", "<![CDATA[", "]]>", "<!--", "-->", "<?xml ",
            "?>", "<!DOCTYPE x [", "]>", "&amp;", "&lt;", "&#x1F680;", "&#xD800;", "&#1114112;", "&#", "&", "\"", "'", "=",
            "time=\"1e400\"", "time=\"-1\"", "line=\"99999999999999999999\"", "file=\"A.swift\"", "at com.acme.Test(Test.kt:12)",
        ],
        nesting: [("<a>", "</a>"), ("<testsuite name=\"n\">", "</testsuite>"), ("<![CDATA[", "]]>")]
    )

    /// Build logs (Gradle and xcodebuild): the prefixes their grammars look for, colour codes,
    /// carriage returns and lines cut mid-way.
    public static let log = InputGrammar(
        tokens: [
            "\n", "\r\n", "\r", "> Task ", ":app:compileDebugKotlin", " FROM-CACHE", " UP-TO-DATE", " FAILED", "BUILD SUCCESSFUL in ",
            "BUILD FAILED in ", "1m 23s", "99999999999999999999h", "12 actionable tasks: 3 executed, 9 up-to-date\n",
            "* What went wrong:\n", "e: file:///a.kt:1:2 ", "w: ", "error: ", "warning: ", "** BUILD SUCCEEDED ** [12.3 sec]\n",
            "** TEST FAILED **", "Test Case '-[Mod.Class testX]' passed (0.123 seconds).\n", "Test Case '-[", "' failed (",
            "Test case 'A.b()' passed on 'iPhone' (1e400 seconds)\n", "\u{2714} Test \"x\" passed after 0.1 seconds.\n",
            "\u{2718} Test x() failed after ", "(in target 'App' from project 'App')", "Build Timing Summary\n",
            "CompileSwiftSources (12 tasks) | 45.123 seconds\n", "\u{1B}[31m", "\u{1B}[0m", "2026-01-01T00:00:00.000Z ", "/a.swift:12:3: ",
        ],
        nesting: [("(", ")"), ("[", "]"), ("'", "'")]
    )
}
