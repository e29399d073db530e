import Foundation
import Testing
import TestSupport

@Suite("mobile-ops trains and release")
struct ReleaseCommandTests {
    static let train = TrainFile.text(
        name: "tablet", repository: "acme/tablet", platforms: "[android, ios]", rcPipeline: "main-nightly",
        rollout: """
        rollout:
          android: {track: production, steps: [5, 100], soak: 1h}
          ios: {phased: true}
        """)

    @Test("trains create sends a train file (typos and unknown names come back positioned in that file); trains list and show; release and releases both work")
    func trainsAndReleases() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-train-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("tablet.yml").path
        let bad = directory.appendingPathComponent("typo.yml").path
        try Self.train.write(toFile: good, atomically: true, encoding: .utf8)
        try Self.train.replacingOccurrences(of: "signoff:", with: "sign_off:").write(toFile: bad, atomically: true, encoding: .utf8)

        try await LiveServer.runAsAdmin { server, env in
            let unregistered = try await CLIProcess.run(["trains", "create", good], environment: env)
            #expect(unregistered.status == 1)
            #expect(unregistered.stderr.contains("\(good):2:13: repository acme/tablet is not registered"), "\(unregistered.stderr)")
            #expect(unregistered.stderr.contains("mobile-ops repos add acme/tablet"), "\(unregistered.stderr)")
            let repository = try await CLIProcess.run(["repos", "add", "acme/tablet", "--provider", "github", "--clone-url", "/nonexistent/acme/tablet.git"], environment: env)
            #expect(repository.status == 0, "\(repository.stderr)")
            let created = try await CLIProcess.run(["trains", "create", good], environment: env)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.contains("train tablet"))
            let typo = try await CLIProcess.run(["trains", "create", bad], environment: env)
            #expect(typo.status == 1)
            #expect(typo.stderr.contains("\(bad):8:1"), "\(typo.stderr)")
            #expect(!typo.stderr.contains("request body"), "\(typo.stderr)")
            let shown = try await CLIProcess.run(["trains", "show", "tablet"], environment: env)
            #expect(shown.status == 0, "\(shown.stderr)")
            for line in ["Version:      semver, bump minor", "Rollout:      Google Play production: 5%, 100%, each soaking 1h", "App Store: phased release over 7 days", "Health:       no rules"] {
                #expect(shown.stdout.contains(line), "\(line) missing from:\n\(shown.stdout)")
            }
            #expect(!shown.stdout.contains("Problems:"), "\(shown.stdout)")
            let missing = try await CLIProcess.run(["trains", "create", directory.appendingPathComponent("nope.yml").path], environment: env)
            #expect(missing.status != 0)
            #expect(missing.stderr.contains("cannot read the train file"))

            let list = try await CLIProcess.run(["trains", "list"], environment: env)
            #expect(list.stdout.contains("tablet") && list.stdout.contains("mobile"), "\(list.stdout)")
            for name in ["release", "releases"] {
                let releases = try await CLIProcess.run([name, "list"], environment: env)
                #expect(releases.status == 0, "\(releases.stderr)")
            }
            let started = try await CLIProcess.run(["release", "start", "tablet", "--json"], environment: env)
            #expect(started.status == 0, "\(started.stderr)")
            let id = try #require(((try? JSONSerialization.jsonObject(with: Data(started.stdout.utf8))) as? [String: Any])?["id"] as? Int, "\(started.stdout)")
            let status = try await CLIProcess.run(["release", "status", String(id)], environment: env)
            #expect(status.status == 0, "\(status.stderr)")
            #expect(status.stdout.contains("Google Play  not_submitted at 0%"), "\(status.stdout)")
            #expect(status.stdout.contains("App Store    not_submitted at 0%"), "\(status.stdout)")
            #expect(status.stdout.contains("Next:      advance, halt, cancel, fail"), "\(status.stdout)")
            let unknown = try await CLIProcess.run(["release", "status", "999"], environment: env)
            #expect(unknown.status == 1)
            #expect(!unknown.stderr.isEmpty)
        }
    }
}
