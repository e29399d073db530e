import Agent
import Core
import Foundation
import Testing
import TestSupport

/// A `reports:` job: after its commands the agent reads the analysers' reports in its
/// checkout, sends their findings, logs the new ones, and fails the step as the server says.
@Suite(.timeLimit(.minutes(5)))
struct AgentFindingsTests {
    /// Detekt's Checkstyle XML: an error on line 3 and a warning on line 1 of `Sources/A.swift`.
    static let detekt = """
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
        <file name="Sources/A.swift">
        <error line="3" column="5" severity="error" message="Magic number 42" source="detekt.MagicNumber"/>
        <error line="1" severity="warning" message="Line too long" source="detekt.MaxLineLength"/>
        </file>
        </checkstyle>
        """

    /// SwiftLint's JSON reporter: `count` warnings, each on its own line of `Sources/B.swift`.
    static func swiftLint(_ count: Int, reason: (Int) -> String = { "Violation \($0)" }) -> String {
        let entries = (1...count).map { index in
            #"{"character": 1, "file": "Sources/B.swift", "line": \#(index), "reason": "\#(reason(index))", "rule_id": "rule_\#(index)", "severity": "Warning", "type": "Rule"}"#
        }
        return "[" + entries.joined(separator: ",\n") + "]"
    }

    /// A job whose commands copy `fixture`'s files into the empty workspace, then run `then`.
    static func job(_ id: Int64, fixture: String, then: String = "true", reports: [String], failOn: FailOn = .error) -> JobAssignment {
        var job = makeJob(id, commands: ["cp -R '\(fixture)/.' . && \(then)"])
        job.spec.findings = FindingsStep(reports: reports, failOn: failOn)
        return job
    }

    static func write(_ files: [String: String], to directory: String) throws {
        for (path, text) in files {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test("a new error fails the step after its commands, with a summary and the finding in the log; a known one would not")
    func newErrorsFail() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        try Self.write(["build/detekt.xml": Self.detekt, "Sources/A.swift": "let a = 1\nlet b = 2\nlet answer = 42\n"], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.setKnownRules(["detekt/MaxLineLength"], for: 80)
            await server.state.enqueue(Self.job(80, fixture: fixture.path, then: "echo commands-ran", reports: ["build/*.xml"]))
            // The same report where only the warning is new passes.
            await server.state.setKnownRules(["detekt/MagicNumber"], for: 81)
            await server.state.enqueue(Self.job(81, fixture: fixture.path, reports: ["build/*.xml"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 80)
                #expect(outcome.state == .failed && outcome.exitStatus == nil, "failed on findings alone: no command's status")
                let passed = try await waitForOutcome(server, 81)
                #expect(passed.state == .passed)
            }
            let log = await server.state.log(80)
            #expect(log.contains("commands-ran"))
            #expect(log.contains("mobile-ops-agent: reports: build/detekt.xml: 2 findings, 1 new (1 error), base build #41 on main"), "\(log)")
            #expect(log.contains("  new error Sources/A.swift:3 detekt MagicNumber: Magic number 42"))
            #expect(log.contains("mobile-ops-agent: reports: build/detekt.xml: 1 new finding at fail_on: error; the step fails"))
            let sent = try #require(await server.state.findings[80]?.first)
            #expect(sent.source == "build/detekt.xml" && sent.format == "checkstyle" && sent.failOn == "error")
            #expect(sent.findings.map(\.ruleID) == ["MagicNumber", "MaxLineLength"])
            #expect(sent.findings.first?.path == "Sources/A.swift" && sent.findings.first?.line == 3 && sent.findings.first?.level == "error")
        }
    }

    @Test("fingerprints come from the checkout's source lines: the same report over different code differs, code moved down does not")
    func fingerprintsReadTheCheckout() async throws {
        let workdir = try TemporaryDirectory()
        let fixtures = try ["one", "moved", "changed"].map { try TemporaryDirectory($0) }
        let report = Self.detekt.replacingOccurrences(of: #"<error line="1" severity="warning" message="Line too long" source="detekt.MaxLineLength"/>"#, with: "")
        try Self.write(["lint.xml": report, "Sources/A.swift": "let a = 1\nlet b = 2\nlet answer = 42\nlet c = 3\n"], to: fixtures[0].path)
        try Self.write(["lint.xml": report.replacingOccurrences(of: #"line="3""#, with: #"line="5""#),
                        "Sources/A.swift": "// new\n// lines\nlet a = 1\nlet b = 2\nlet answer = 42\nlet c = 3\n"], to: fixtures[1].path)
        try Self.write(["lint.xml": report, "Sources/A.swift": "let a = 1\nlet b = 2\nlet answer = 43\nlet c = 3\n"], to: fixtures[2].path)
        try await FakeAgentServer.run { server in
            for (index, fixture) in fixtures.enumerated() {
                await server.state.enqueue(Self.job(90 + Int64(index), fixture: fixture.path, reports: ["lint.xml"], failOn: .never))
            }
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                for id: Int64 in 90...92 {
                    let outcome = try await waitForOutcome(server, id)
                    #expect(outcome.state == .passed)
                }
            }
            var fingerprints: [String] = []
            for id: Int64 in 90...92 { fingerprints.append(try #require(await server.state.findings[id]?.first?.findings.first?.fingerprint)) }
            #expect(fingerprints[0] == fingerprints[1], "code moved down keeps the fingerprint")
            #expect(fingerprints[0] != fingerprints[2], "a changed flagged line is a new finding (the message alone would not tell)")
        }
    }

    @Test("reports are read after failing commands too; fail_on never passes new errors; new findings past 50 are counted")
    func afterFailuresAndCapped() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        try Self.write(["build/detekt.xml": Self.detekt, "swiftlint.json": Self.swiftLint(60), "Sources/A.swift": "x\n"], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(100, fixture: fixture.path, then: "exit 3", reports: ["build/detekt.xml"]))
            await server.state.enqueue(Self.job(101, fixture: fixture.path, reports: ["swiftlint.json", "build/*.xml"], failOn: .never))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let failed = try await waitForOutcome(server, 100)
                #expect(failed.state == .failed && failed.exitStatus == 3)
                let passed = try await waitForOutcome(server, 101)
                #expect(passed.state == .passed)
            }
            #expect(await server.state.findings[100]?.count == 1, "sent although the commands failed")
            let log = await server.state.log(101)
            #expect(log.contains("reports: swiftlint.json: 60 findings, 60 new (60 warning), base build #41 on main"), "\(log)")
            #expect(log.contains("reports: build/detekt.xml: 2 findings, 2 new (1 error, 1 warning)"))
            #expect(log.components(separatedBy: "\n  new warning Sources/B.swift:").count - 1 == 50)
            #expect(log.contains("  … and 10 more"))
            #expect(!log.contains("the step fails"))
            #expect(await server.state.findings[101]?.map(\.source) == ["swiftlint.json", "build/detekt.xml"])
        }
    }

    @Test("text the route would refuse is fitted: an over-long message is cut, control characters become spaces")
    func textIsFitted() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        // The long one second: format detection looks for `rule_id` in the first 8 KiB.
        try Self.write(["swiftlint.json": Self.swiftLint(2) { $0 == 1 ? "short" : "bell\\u0007" + String(repeating: "x", count: 9_000) }], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(120, fixture: fixture.path, reports: ["swiftlint.json"], failOn: .never))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 120)
                let log = await server.state.log(120)
                #expect(outcome.state == .passed, "\(log)")
            }
            let message = try #require(await server.state.findings[120]?.first?.findings.last?.message)
            #expect(message.count == JobFindings.maximumMessageLength && message.hasPrefix("bell x") && message.hasSuffix("x…"), "\(message.prefix(20))")
        }
    }

    @Test("a finding outside the checkout is sent without its file, one past 32-bit lines without its line, NUL as a space")
    func outsideTheCheckout() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        let report = """
            <checkstyle>
            <file name="/etc/hosts"><error line="1" severity="warning" message="absolute" source="detekt.Absolute"/></file>
            <file name="../outside.swift"><error line="2" severity="warning" message="up" source="detekt.Up"/></file>
            <file name="Sources/A.swift"><error line="9223372036854775807" severity="warning" message="nul&#0;x" source="detekt.Big"/></file>
            </checkstyle>
            """
        try Self.write(["lint.xml": report, "Sources/A.swift": "x\n"], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(130, fixture: fixture.path, reports: ["lint.xml"], failOn: .never))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 130)
                let log = await server.state.log(130)
                #expect(outcome.state == .passed, "\(log)")
            }
            let sent = try #require(await server.state.findings[130]?.first?.findings)
            #expect(sent.map(\.ruleID) == ["Absolute", "Up", "Big"])
            #expect(sent.map(\.path) == [nil, nil, "Sources/A.swift"])
            #expect(sent.map(\.line) == [1, 2, nil])
            #expect(sent.last?.message == "nul x")
        }
    }

    @Test("a glob matching nothing, an unreadable report and one too large to send each fail the step, saying why")
    func missingBrokenAndOversized() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        // Past the route's 32 MiB once encoded: 4,300 findings with 8,000-character messages.
        let huge = Self.swiftLint(4_300) { index in "\(index) " + String(repeating: "x", count: 8_000) }
        try Self.write([
            "ok.xml": Self.detekt, "broken.sarif": #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "CodeQL"}}, "results": [tru"#,
            "huge.json": huge,
        ], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.setKnownRules(["detekt/MagicNumber", "detekt/MaxLineLength"], for: 110)
            await server.state.enqueue(Self.job(110, fixture: fixture.path, reports: ["ok.xml", "lint/*.sarif"]))
            await server.state.enqueue(Self.job(111, fixture: fixture.path, reports: ["broken.sarif"]))
            await server.state.enqueue(Self.job(112, fixture: fixture.path, reports: ["huge.json"], failOn: .never))
            try await withAgent(server: server.url, workDirectory: workdir.path, limit: .seconds(240)) {
                for id: Int64 in 110...112 {
                    // Job 112 reads and encodes 35 MB of findings before refusing them: seconds in
                    // a debug build, more than half a minute on a loaded machine.
                    let outcome = try await waitForOutcome(server, id, limit: .seconds(180))
                    #expect(outcome.state == .failed, "job \(id)")
                }
            }
            let missing = await server.state.log(110)
            #expect(missing.contains("reports: no file matches lint/*.sarif: a missing report would make a broken analyser look clean, so the step fails"), "\(missing)")
            #expect(missing.contains("reports: ok.xml: 2 findings, 0 new"), "the reports that exist are still sent")
            let broken = await server.state.log(111)
            #expect(broken.contains("reports: broken.sarif: malformed SARIF: ") && broken.contains(" at byte "), "\(broken)")
            #expect(broken.contains("; the step fails"))
            let oversized = await server.state.log(112)
            #expect(oversized.contains("reports: huge.json: its 4300 findings come to ") && oversized.contains("more than the server's 32 MiB limit; not sent"), "\(oversized)")
            let sent = await server.state.findings
            #expect(sent[111] == nil && sent[112] == nil)
        }
    }
}
