import ChildProcesses
import Core
import Foundation
import Testing
import TestSupport

/// A step's `keychain:` against the strict fake of macOS `security` (no macOS runs here): the
/// documented call sequence, clean-up at the job's end, a refused or failing call failing the
/// job in words, and a killed agent's keychain undone when it starts again.
@Suite(.timeLimit(.minutes(3)))
struct AgentKeychainTests {
    /// A signing job's assignment and the server's answer to its secrets call.
    static func signingJob(_ jobID: Int64, _ commands: [String], password: String = "p12-Passw0rd!", importPassword: String? = nil) -> (JobAssignment, JobSecrets) {
        let (step, answer) = FakeSecurity.signingSecrets(password: password, importPassword: importPassword)
        var job = makeJob(jobID, commands: commands)
        job.spec.secrets = step
        return (job, answer)
    }

    @Test func theKeychainIsSetUpInTheDocumentedOrderAndEverythingItAddedGoesWithTheJob() async throws {
        let workdir = try TemporaryDirectory()
        let fake = try FakeSecurity(in: workdir.url)
        // A profile someone installed by hand stays.
        try FileManager.default.createDirectory(atPath: fake.profiles, withIntermediateDirectories: true)
        try Data("hand-installed".utf8).write(to: URL(fileURLWithPath: fake.profiles + "/OTHER.mobileprovision"))
        let (job, answer) = Self.signingJob(70, [
            #"security find-identity -v -p codesigning "$MOBILE_OPS_KEYCHAIN""#,
            "security list-keychains -d user",
            #"ls "$HOME/Library/MobileDevice/Provisioning Profiles""#,
        ])
        try await FakeAgentServer.run { server in
            await server.state.setSecrets(answer, for: 70)
            await server.state.enqueue(job)
            try await withAgent(server: server.url, workDirectory: workdir.path, keychains: true, environment: fake.environment()) {
                try await expectState(server, 70, .passed)
            }
            let keychain = workdir.url.resolvingSymlinksInPath().path + "/secrets/70/signing.keychain-db"
            let secrets = workdir.path + "/secrets/70"
            let log = await server.state.log(70)
            #expect(log.contains(#"  1) \#(FakeSecurity.identitySHA1) "\#(FakeSecurity.identityName)""#), "\(log)")
            #expect(log.contains("mobile-ops-agent: keychain: 1 valid signing identity: \(FakeSecurity.identityName)\n"))
            #expect(log.contains("    \"\(keychain)\"\n    \"\(fake.loginKeychain)\"\n"), "the job's keychain first, the user's kept:\n\(log)")
            #expect(log.contains("\(FakeSecurity.profileUUID).mobileprovision\nOTHER.mobileprovision\n"))
            #expect(!log.contains("p12-Passw0rd!"))
            #expect(!log.contains("keychain: \"\(keychain)\""), "set-key-partition-list's attribute dump stays out of the log")

            let calls = fake.calls()
            #expect(Array(calls.prefix(9)) == [
                "security create-keychain -p <redacted> \(keychain)",
                "security set-keychain-settings -lut 21600 \(keychain)",
                "security unlock-keychain -p <redacted> \(keychain)",
                "security import \(secrets)/IOS_DIST_P12 -k \(keychain) -P <redacted> -T /usr/bin/codesign -T /usr/bin/security -f pkcs12",
                "security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k <redacted> \(keychain)",
                "security list-keychains -d user",
                "security list-keychains -d user -s \(keychain) \(fake.loginKeychain)",
                "security cms -D -i \(secrets)/IOS_PROFILE",
                "security find-identity -v -p codesigning \(keychain)",
            ], "\(calls.joined(separator: "\n"))")
            #expect(Array(calls.suffix(3)) == [
                "security list-keychains -d user",
                "security list-keychains -d user -s \(fake.loginKeychain)",
                "security delete-keychain \(keychain)",
            ], "\(calls.joined(separator: "\n"))")
            #expect(fake.refused().isEmpty, "\(fake.refused())")
            let state = try fake.state()
            #expect(state.keychains.isEmpty && state.searchList == [fake.loginKeychain])
            #expect(try FileManager.default.contentsOfDirectory(atPath: fake.profiles) == ["OTHER.mobileprovision"])
            #expect(!FileManager.default.fileExists(atPath: secrets))
        }
    }

    @Test func aCallTheFakeRefusesOrAFailingImportFailsTheJobInWordsAndIsCleanedUp() async throws {
        let workdir = try TemporaryDirectory()
        let markers = try TemporaryDirectory("markers")
        let fake = try FakeSecurity(in: workdir.url)
        // A macOS before 10.12 has no set-key-partition-list.
        let environment = fake.environment(["MOBILE_OPS_FAKE_SECURITY_UNKNOWN": "set-key-partition-list"])
        let (refused, refusedAnswer) = Self.signingJob(71, ["touch \(markers.path)/ran-71"])
        let (wrong, wrongAnswer) = Self.signingJob(72, ["touch \(markers.path)/ran-72"], importPassword: "not-the-password")
        let (elsewhere, elsewhereAnswer) = Self.signingJob(73, ["touch \(markers.path)/ran-73"])
        try await FakeAgentServer.run { server in
            await server.state.setSecrets(refusedAnswer, for: 71)
            await server.state.setSecrets(wrongAnswer, for: 72)
            await server.state.enqueue(refused)
            await server.state.enqueue(wrong)
            try await withAgent(server: server.url, workDirectory: workdir.path, keychains: true, environment: environment) {
                try await expectState(server, 71, .failed)
                try await expectState(server, 72, .failed)
            }
            // A server of its own: the stopped agent's last long poll would take a job queued now.
            try await FakeAgentServer.run { other in
                await other.state.setSecrets(elsewhereAnswer, for: 73)
                await other.state.enqueue(elsewhere)
                try await withAgent(server: other.url, workDirectory: workdir.path, keychains: false, environment: environment) {
                    try await expectState(other, 73, .failed)
                }
                #expect((await other.state.log(73)).contains("mobile-ops-agent: keychain: this agent does not set up keychains"))
            }
            let keychain = workdir.url.resolvingSymlinksInPath().path + "/secrets/71/signing.keychain-db"
            let log71 = await server.state.log(71)
            #expect(log71.contains(
                "mobile-ops-agent: keychain: could not let codesign use the imported keys without asking: "
                    + "`security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k *** \(keychain)` ended with exit 1: "
                    + #"unknown command "set-key-partition-list" (this macOS's `security` does not accept the call; "#), "\(log71)")
            let log72 = await server.state.log(72)
            #expect(log72.contains("MAC verification failed during PKCS12 import (wrong password?)"), "\(log72)")
            #expect(log72.contains("openssl pkcs12 -export -legacy"))
            #expect(!log72.contains("not-the-password"))
            for jobID in 71...73 {
                #expect(!FileManager.default.fileExists(atPath: markers.path + "/ran-\(jobID)"), "job \(jobID) ran no command")
                #expect(!FileManager.default.fileExists(atPath: workdir.path + "/secrets/\(jobID)"))
            }
            let state = try fake.state()
            #expect(state.keychains.isEmpty && state.searchList == [fake.loginKeychain], "\(fake.calls().joined(separator: "\n"))")
        }
    }

    @Test func aKilledAgentsSecretsAndKeychainAreRemovedWhenItStartsAgain() async throws {
        let workdir = try TemporaryDirectory()
        let markers = try TemporaryDirectory("markers")
        let fake = try FakeSecurity(in: workdir.url)
        let (job, answer) = Self.signingJob(80, ["echo $$ > \(markers.path)/pid; sleep 300"])
        let folder = workdir.path + "/secrets/80"
        let profile = fake.profiles + "/\(FakeSecurity.profileUUID).mobileprovision"
        try await FakeAgentServer.run { server in
            await server.state.setSecrets(answer, for: 80)
            await server.state.enqueue(job)
            let launch = ProcessLaunch(
                executable: AgentBinaryTests.binary.path,
                arguments: [
                    "--server", server.url, "--registration-token", FakeAgentServer.registrationToken, "--name", "signing-agent",
                    "--slots", "1", "--workdir", workdir.path, "--poll-wait", "1", "--log-level", "warning",
                ],
                environment: fake.environment(["MOBILE_OPS_AGENT_KEYCHAINS": "on"]), workingDirectory: workdir.path)
            let first = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: workdir.path + "/first.stderr")
            defer { if first.isRunning { kill(first.pid, SIGKILL) } }
            try await waitUntil("the job to run") { readPID(markers.path + "/pid") != nil }
            #expect(try fake.state().keychains.count == 1 && FileManager.default.fileExists(atPath: profile))

            kill(first.pid, SIGKILL)
            try await waitUntil("the killed agent to be gone") { !first.isRunning }
            if let job = readPID(markers.path + "/pid") { kill(-job, SIGKILL) }
            #expect(FileManager.default.fileExists(atPath: folder + "/IOS_DIST_P12"), "kill -9 leaves the secrets behind")

            let second = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: workdir.path + "/second.stderr")
            defer { if second.isRunning { kill(second.pid, SIGKILL) } }
            try await waitUntil("the restarted agent to clean up") {
                let state = try fake.state()
                return !FileManager.default.fileExists(atPath: folder) && state.keychains.isEmpty
            }
            kill(second.pid, SIGTERM)
            try await waitUntil("the agent to exit") { !second.isRunning }
            let state = try fake.state()
            #expect(state.searchList == [fake.loginKeychain])
            #expect(!FileManager.default.fileExists(atPath: profile), "the profile the killed job installed is gone")
            #expect(fake.refused().isEmpty, "\(fake.refused())")
        }
    }
}
