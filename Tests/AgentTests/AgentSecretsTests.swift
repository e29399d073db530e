import Agent
import Core
import Foundation
import Testing
import TestSupport

/// A step's secrets on the agent, against the fake server's `…/secrets` answers: variables
/// and files reach the step that lists them and no other, the log says what was refused,
/// values never leave the machine in the log, and the folder goes however the job ends.
@Suite(.timeLimit(.minutes(3)))
struct AgentSecretsTests {
    static let token = "tok_Sup3rS3cret-Value-0042"
    /// A binary file secret (a keystore): a NUL and bytes that are no UTF-8.
    static let keystore = Data([0x00, 0xFE, 0xED]) + Data("binary-keystore-body-7781".utf8)
    static let answer = JobSecrets(
        given: [.init(name: "API_TOKEN", kind: .env, value: Data(token.utf8)), .init(name: "KEYSTORE", kind: .file, value: keystore)],
        denied: [.init(name: "PLAY_KEY", reason: "pull request from a fork")])

    /// A job whose step lists `names`.
    static func job(_ jobID: Int64, _ commands: [String], names: [String] = ["API_TOKEN", "KEYSTORE", "PLAY_KEY"], timeoutSeconds: Double? = nil) -> JobAssignment {
        var job = makeJob(jobID, commands: commands, timeoutSeconds: timeoutSeconds)
        job.spec.secrets = StepSecrets(names: names)
        return job
    }

    @Test func secretsReachTheStepThatListsThemAsVariablesAndPrivateFilesAndNoOther() async throws {
        let workdir = try TemporaryDirectory()
        let copies = try TemporaryDirectory("copies")
        try await FakeAgentServer.run { server in
            await server.state.setSecrets(Self.answer, for: 60)
            await server.state.enqueue(Self.job(60, [
                #"echo "dir=$MOBILE_OPS_SECRETS_DIR keystore=$KEYSTORE""#,
                #"echo "modes=$(stat -c %a "$MOBILE_OPS_SECRETS_DIR")/$(stat -c %a "$KEYSTORE") parent=$(stat -c %a "$MOBILE_OPS_SECRETS_DIR/..")""#,
                #"printf %s "$API_TOKEN" > \#(copies.path)/token && cp "$KEYSTORE" \#(copies.path)/keystore"#,
                #"echo "play=${PLAY_KEY:-unset}""#,
            ]))
            await server.state.enqueue(makeJob(61, commands: [#"echo "token=${API_TOKEN:-unset} dir=${MOBILE_OPS_SECRETS_DIR:-unset}""#]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 60, .passed)
                try await expectState(server, 61, .passed)
            }
            let log = await server.state.log(60)
            let folder = workdir.path + "/secrets/60"
            #expect(log.contains("dir=\(folder) keystore=\(folder)/KEYSTORE\n"), "outside the workspace \(workdir.path)/jobs/60:\n\(log)")
            #expect(log.contains("modes=700/600 parent=700\n"), "\(log)")
            #expect(FileManager.default.contents(atPath: copies.path("token")) == Data(Self.token.utf8))
            #expect(FileManager.default.contents(atPath: copies.path("keystore")) == Self.keystore)
            #expect(log.contains("play=unset\n"))
            #expect(log.contains("mobile-ops-agent: secrets: given API_TOKEN (variable), KEYSTORE (file)\n"), "\(log)")
            #expect(log.contains("mobile-ops-agent: secrets: PLAY_KEY: not given: pull request from a fork\n"))
            #expect(!FileManager.default.fileExists(atPath: folder), "the folder goes with the job")

            #expect((await server.state.log(61)).contains("token=unset dir=unset\n"), "a step that lists no secret gets none")
            let actions = await server.state.actions[60] ?? []
            #expect((actions.firstIndex(of: "start") ?? .max) < (actions.firstIndex(of: "secrets") ?? -1), "\(actions)")
            #expect(await server.state.actions[61]?.contains("secrets") == false, "a step without secrets fetches nothing")
        }
    }

    @Test func valuesAreMaskedWholeSplitOverTwoWritesAndInBase64BeforeTheyLeave() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            await server.state.setSecrets(Self.answer, for: 62)
            await server.state.enqueue(Self.job(62, [
                #"printf 'whole=%s\n' "$API_TOKEN""#,
                // Two writes a second apart: the first goes out in its own chunk unless held back.
                #"printf 'split=%s' "$(printf %s "$API_TOKEN" | cut -c1-9)"; sleep 1; printf '%s end\n' "$(printf %s "$API_TOKEN" | cut -c10-)""#,
                #"printf 'b64=%s\n' "$(printf %s "$API_TOKEN" | base64 -w0)""#,
                #"printf 'basic=%s\n' "$(printf 'ci:%s' "$API_TOKEN" | base64 -w0)""#,
                #"printf 'file='; cat "$KEYSTORE"; echo"#,
                #"printf 'start=%s\n' "$(printf %s "$API_TOKEN" | cut -c1-6)""#,
            ]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 62, .passed)
            }
            let chunks = await server.state.logChunks[62] ?? [:]
            let log = await server.state.log(62)
            #expect(chunks.count >= 2, "the output went out in several chunks")
            for forbidden in [Self.token, Data(Self.token.utf8).base64EncodedString(), "binary-keystore-body", String(Self.token.prefix(9))] {
                #expect(!log.contains(forbidden), "\(forbidden) left the machine:\n\(log)")
            }
            #expect(log.contains("whole=***\n"))
            #expect(log.contains("split=*** end\n"), "\(log)")
            #expect(log.contains("b64=***\n"))
            #expect(log.contains("basic=Y2k6***"), "\(log)")
            #expect(log.contains("file=***\n"))
            #expect(log.contains("start=tok_Su\n"), "a value's start alone is not the value: held back, then sent")
        }
    }

    @Test func aStepWhoseSecretsCannotBeFetchedFailsWithoutRunning() async throws {
        let workdir = try TemporaryDirectory()
        let markers = try TemporaryDirectory("markers")
        try await FakeAgentServer.run { server in
            // No answer set: the fake answers 400.
            await server.state.enqueue(Self.job(63, ["touch \(markers.path)/ran"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 63)
                #expect(outcome.state == .failed && outcome.exitStatus == nil)
            }
            #expect(!FileManager.default.fileExists(atPath: markers.path + "/ran"), "no command runs without its secrets")
            let log = await server.state.log(63)
            #expect(log.contains("mobile-ops-agent: secrets: could not fetch the step's secrets (unexpected status 400"), "\(log)")
            #expect(log.contains("the job fails rather than run without them"))
        }
    }

    @Test func theFolderGoesWhenTheJobPassesFailsTimesOutOrIsCanceled() async throws {
        let workdir = try TemporaryDirectory()
        let markers = try TemporaryDirectory("markers")
        let record = #"echo "$MOBILE_OPS_SECRETS_DIR" > \#(markers.path)/dir-$MOBILE_OPS_JOB_ID"#
        try await FakeAgentServer.run { server in
            for jobID: Int64 in 64...67 { await server.state.setSecrets(Self.answer, for: jobID) }
            await server.state.enqueue(Self.job(64, [record]))
            await server.state.enqueue(Self.job(65, [record, "exit 3"]))
            await server.state.enqueue(Self.job(66, [record, "sleep 300"], timeoutSeconds: 1.5))
            await server.state.enqueue(Self.job(67, [record, "sleep 300"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 64, .passed)
                try await expectState(server, 65, .failed)
                try await expectState(server, 66, .timedOut)
                try await waitUntil("job 67 to run") { FileManager.default.fileExists(atPath: markers.path + "/dir-67") }
                #expect(FileManager.default.fileExists(atPath: workdir.path + "/secrets/67"), "there while the job runs")
                await server.state.cancel(67)
                try await expectState(server, 67, .canceled)
            }
            for jobID: Int64 in 64...67 {
                let folder = try String(contentsOfFile: markers.path + "/dir-\(jobID)", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(folder == workdir.path + "/secrets/\(jobID)")
                #expect(!FileManager.default.fileExists(atPath: folder), "job \(jobID)'s secrets folder is gone")
                #expect((await server.state.log(jobID)).contains("mobile-ops-agent: secrets: removed\n"))
            }
        }
    }

    @Test func anAnalysersMessageQuotingAValueIsMaskedBeforeItIsSent() async throws {
        let workdir = try TemporaryDirectory()
        let report = #"<?xml version="1.0" encoding="UTF-8"?>\n<checkstyle version="4.3"><file name="Sources/A.swift">"#
            + #"<error line="1" severity="warning" message="Hard-coded key %s" source="detekt.HardcodedSecret"/></file></checkstyle>\n"#
        try await FakeAgentServer.run { server in
            await server.state.setSecrets(Self.answer, for: 68)
            var job = Self.job(68, [#"mkdir -p build Sources && echo 'let key = 1' > Sources/A.swift && printf '\#(report)' "$API_TOKEN" > build/detekt.xml"#])
            job.spec.findings = FindingsStep(reports: ["build/*.xml"], failOn: .error)
            await server.state.enqueue(job)
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                try await expectState(server, 68, .passed)
            }
            let messages = (await server.state.findings[68] ?? []).flatMap(\.findings).map(\.message)
            #expect(messages == ["Hard-coded key ***"], "\(messages)")
        }
    }
}
