import ChildProcesses
import Core
import Foundation
import HTTPClient
import Testing

/// Secrets across both halves with real processes: a real server with a secrets key stores
/// them, a real agent fetches them for the step that lists them and masks them in what it
/// sends, the server masks again what it stores, a fork's pull request gets none, and a
/// server started with another key refuses to start.
@Suite("End to end: secrets from the server to a job, masked on the way back", .serialized, .timeLimit(.minutes(5)))
struct SecretsEndToEndTests {
    static let key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    static let otherKey = String(repeating: "5a", count: 32)
    /// An env secret, for pull requests too (so only the fork rule keeps it from a fork).
    static let token = "tok_E2eS3cretValue-0042xyz"
    /// A file secret's text.
    static let keyFile = "-----BEGIN KEY-----\nMIIE-e2e-file-secret-body-7781\n-----END KEY-----\n"

    /// `sign` lists both secrets and prints them whole, in base64, split over two writes a
    /// second and a half apart, and the file's path and contents; `lint` lists none.
    static let pipeline = """
        name: release
        triggers:
          push:
            branches: [main]
          pull_request:
            branches: [main]
        steps:
          - key: sign
            agents:
              platform: android
            secrets: [API_TOKEN, SIGNING_KEY]
            commands:
              - 'sleep 2'
              - 'echo "token=$API_TOKEN"'
              - 'echo "b64=$(printf %s "$API_TOKEN" | base64 -w0)"'
              - 'printf "split=%s" "$(printf %s "$API_TOKEN" | cut -c1-9)"; sleep 1.5; printf "%s end\\n" "$(printf %s "$API_TOKEN" | cut -c10-)"'
              - 'echo "file=$SIGNING_KEY"; cat "$SIGNING_KEY"'
          - key: lint
            agents:
              platform: android
            command: 'echo "lint token=[${API_TOKEN:-}] dir=[${MOBILE_OPS_SECRETS_DIR:-}]"'
        """

    /// Sets secret `name` of repository `id` over the API.
    static func setSecret(_ fleet: Fleet, repository id: Int, _ name: String, value: String, kind: String, pullRequests: Bool) async throws {
        let body = #"{"value": "\#(Data(value.utf8).base64EncodedString())", "kind": "\#(kind)", "pullRequests": \#(pullRequests)}"#
        let answer = try await fleet.call("PUT", "/api/v1/repositories/\(id)/secrets/\(name)", json: body)
        #expect(answer["name"] as? String == name, "\(answer)")
    }

    /// The build's job of step `key`.
    static func job(_ build: [String: Any], _ key: String) throws -> Int {
        try #require((build["jobs"] as? [[String: Any]])?.first { $0["stepKey"] as? String == key }?["id"] as? Int, "\(build)")
    }

    /// What a reader of the log must never see.
    static var forbidden: [String] {
        [token, Data(token.utf8).base64EncodedString(), String(token.prefix(9)), "e2e-file-secret-body", Data(keyFile.utf8).base64EncodedString()]
    }

    @Test("a push build: the step that lists the secrets gets them, masked in the stored and the followed log, the folder gone after; the step that does not list them gets none; the fork's pull request gets none and says so; every use audited; another key stops the server's start",
          arguments: ServerBackend.available)
    func secretsEndToEnd(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, sha) = try await fleet.makeRepository(on: backend)
        let forkSHA = try await fleet.commit(file: "feature.txt", contents: "from a fork\n", onBranch: "feature/fork")
        let created = try await fleet.startServer(
            pipeline: Self.pipeline, environment: ["MOBILE_OPS_SECRETS_KEY": Self.key], leaseSeconds: 10, registering: "acme/e2e", clonedFrom: repository)
        let repositoryID = try #require(created["id"] as? Int, "\(created)")
        try await Self.setSecret(fleet, repository: repositoryID, "API_TOKEN", value: Self.token, kind: "env", pullRequests: true)
        try await Self.setSecret(fleet, repository: repositoryID, "SIGNING_KEY", value: Self.keyFile, kind: "file", pullRequests: false)
        try fleet.startAgent("linux", tags: ["platform=android"])

        // The push build: follow the sign job's log while it runs.
        let buildID = try #require(try await fleet.push(repository: "acme/e2e", sha: sha).first)
        let running = try await fleet.waitForBuild(buildID, limit: .seconds(60)) { build in
            (build["jobs"] as? [[String: Any]])?.contains { $0["stepKey"] as? String == "sign" && $0["state"] as? String == "running" } == true
        }
        let sign = try Self.job(running, "sign")
        let response = try await fleet.http.stream(HTTPClient.Request(
            url: fleet.url + "/api/v1/jobs/\(sign)/log?follow=true", headers: ["Authorization": "Bearer \(Fleet.adminToken)"], timeout: .seconds(90)))
        #expect(response.status == 200)
        var followed = ""
        for try await chunk in response.body { followed += String(decoding: chunk, as: UTF8.self) }
        let done = try await fleet.waitForBuild(buildID) { ["passed", "failed", "canceled"].contains($0["state"] as? String ?? "") }
        #expect(done["state"] as? String == "passed", "\(done)")

        let stored = try await fleet.log(job: sign)
        let folder = fleet.root.appendingPathComponent("agents/linux/secrets/\(sign)").path
        for (name, log) in [("stored", stored), ("followed", followed)] {
            #expect(log.contains("mobile-ops-agent: secrets: given API_TOKEN (variable), SIGNING_KEY (file)\n"), "\(name):\n\(log)")
            #expect(log.contains("token=***\n") && log.contains("b64=***\n") && log.contains("split=*** end\n"), "\(name):\n\(log)")
            #expect(log.contains("file=\(folder)/SIGNING_KEY\n"), "\(name):\n\(log)")
            for value in Self.forbidden { #expect(!log.contains(value), "the \(name) log holds \(value):\n\(log)") }
        }
        #expect(stored.contains("mobile-ops-agent: secrets: removed\n"), "\(stored)")
        #expect(!FileManager.default.fileExists(atPath: folder), "the secrets folder goes with the job")
        let lint = try await fleet.log(job: try Self.job(done, "lint"))
        #expect(lint.contains("lint token=[] dir=[]\n"), "a step that lists no secret gets none:\n\(lint)")

        // A pull request from a fork: the same pipeline, nothing given, the log says why.
        let forkBuildID = try #require(try await fleet.pullRequest(
            repository: "acme/e2e", number: 8, headRef: "feature/fork", headSHA: forkSHA, baseSHA: sha, fork: "contributor/e2e").first)
        let forkBuild = try await fleet.waitForBuild(forkBuildID) { ["passed", "failed", "canceled"].contains($0["state"] as? String ?? "") }
        #expect(forkBuild["pullRequestOrigin"] as? String == "fork", "\(forkBuild)")
        let forkLog = try await fleet.log(job: try Self.job(forkBuild, "sign"))
        #expect(forkLog.contains("mobile-ops-agent: secrets: API_TOKEN: not given: pull request from a fork: secrets are never given to forks\n"), "\(forkLog)")
        #expect(forkLog.contains("mobile-ops-agent: secrets: SIGNING_KEY: not given: pull request from a fork"), "\(forkLog)")
        #expect(forkLog.contains("token=\n") && !forkLog.contains("given API_TOKEN"), "\(forkLog)")

        // Every use is in the audit log, with names and never a value.
        let audit = try await fleet.call("GET", "/api/v1/audit?limit=100")
        let uses = (audit["events"] as? [[String: Any]] ?? []).filter { $0["action"] as? String == "secret.use" }
        #expect(uses.contains { $0["subject"] as? String == "job:\(sign)" && ($0["detail"] as? String ?? "").contains("given API_TOKEN, SIGNING_KEY") }, "\(uses)")
        #expect(uses.contains { ($0["detail"] as? String ?? "").contains("given none; withheld API_TOKEN (pull request from a fork") }, "\(uses)")
        let auditText = String(decoding: try JSONSerialization.data(withJSONObject: audit), as: UTF8.self)
        for value in Self.forbidden { #expect(!auditText.contains(value)) }

        // Another key: the server refuses to start, naming both keys by fingerprint only.
        await fleet.stopServer()
        do {
            try await fleet.startServer(pipeline: Self.pipeline, environment: ["MOBILE_OPS_SECRETS_KEY": Self.otherKey], leaseSeconds: 10)
            Issue.record("the server started with another key than the stored secrets were sealed under")
        } catch {
            #expect(error is Fleet.FleetError, "\(error)")
        }
        let status = await fleet.server?.wait(drain: .zero)
        #expect(status == .exited(3), "\(String(describing: status))")
        let logFile = fleet.root.appendingPathComponent("server.log")
        let serverLog = await DedicatedThread.run { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
        let refusal = #/the configured secrets key is ([0-9a-f]{8}), but stored secrets were sealed under key ([0-9a-f]{8}) \(2 secrets\)/#
        let match = try #require(serverLog.firstMatch(of: refusal), "\(serverLog)")
        #expect(match.output.1 != match.output.2)
        for value in Self.forbidden + [Self.key, Self.otherKey] { #expect(!serverLog.contains(value), "the refusal shows \(value)") }
    }

    @Test("a devices: step's batch report quoting a secret (a test's failure message, the device's failure) reaches the server masked",
          arguments: ServerBackend.available)
    func deviceBatchReportMasked(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, sha) = try await fleet.makeRepository(on: backend)
        let root = fleet.root.path
        try "com.acme.ui.LoginTest#rejectsBadToken\n".write(toFile: root + "/tests.txt", atomically: true, encoding: .utf8)
        // One batch: the test fails quoting the token, and adb's offline error quotes it too.
        let batch = #"""
            #!/bin/sh
            cat > "$MOBILE_OPS_TEST_REPORTS/report.xml" <<EOF
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="com.acme.ui.LoginTest" tests="1" failures="1">
              <testcase classname="com.acme.ui.LoginTest" name="rejectsBadToken" time="0.1"><failure message="expected $API_TOKEN to be refused">at LoginTest.kt:12</failure></testcase>
            </testsuite>
            EOF
            echo "error: device offline (while sending $API_TOKEN)" >&2
            exit 1
            """#
        try batch.write(toFile: root + "/batch.sh", atomically: true, encoding: .utf8)
        let pipeline = DeviceStepSetup.pipeline(step: [
            "secrets: [API_TOKEN]", "devices:", "  platform: android", "  count: 1", "  tests: cat \(root)/tests.txt",
            "  retries: {per_test: 0, per_build: 0}", "  quarantine_after: 5", "  batch_time_limit: 60s", "run: sh \(root)/batch.sh",
        ])
        let created = try await fleet.startServer(
            pipeline: pipeline, environment: ["MOBILE_OPS_SECRETS_KEY": Self.key], leaseSeconds: 10, registering: "acme/ui", clonedFrom: repository)
        try await Self.setSecret(fleet, repository: try #require(created["id"] as? Int), "API_TOKEN", value: Self.token, kind: "env", pullRequests: false)
        let tools = try FakeDeviceTools(in: fleet.root)
        try DeviceStepSetup.emulator(tools, "emulator-5554", transport: 1)
        try fleet.startAgent("pool", tags: ["devices=android"], pollWait: 1, environment: tools.environment)
        try await MultiReplicaTests.eventually("the agent reports its emulator") { (try? await DeviceBatchEndToEndTests.devices(fleet))?.count == 1 }

        let buildID = try #require(try await fleet.push(repository: "acme/ui", sha: sha).first)
        _ = try await fleet.waitForBuild(buildID, limit: .seconds(120)) { ["passed", "failed", "canceled"].contains($0["state"] as? String ?? "") }
        let runs = try await fleet.call("GET", "/api/v1/builds/\(buildID)/device-runs")
        let text = String(decoding: try JSONSerialization.data(withJSONObject: runs), as: UTF8.self)
        let run = try await DeviceBatchEndToEndTests.run(fleet, build: buildID)
        let attempts = (run["tests"] as? [[String: Any]])?.first?["attempts"] as? [[String: Any]] ?? []
        #expect(attempts.first?["message"] as? String == "expected *** to be refused", "\(run)")
        let reason = (run["batches"] as? [[String: Any]])?.first?["reason"] as? String
        #expect(reason == "adb lost the device: error: device offline (while sending ***)", "\(run)")
        for value in [Self.token, String(Self.token.prefix(9))] { #expect(!text.contains(value), "the device run shows \(value): \(text)") }
        let devices = String(decoding: try JSONSerialization.data(withJSONObject: try await fleet.call("GET", "/api/v1/devices")), as: UTF8.self)
        #expect(!devices.contains(Self.token), "the device's recorded failure shows the value: \(devices)")
    }
}
