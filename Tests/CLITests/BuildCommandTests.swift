import Foundation
import Testing

@Suite("mobile-ops builds, agents and pipelines commands")
struct BuildCommandTests {
    @Test("trigger, show with the pending reason, cancel, and watch exiting with the outcome")
    func buildLifecycle() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let refused = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123"], environment: env)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("applies to no registered repository"), "\(refused.stderr)")
            let registered = try await CLIProcess.run(
                ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
            #expect(registered.status == 0, "\(registered.stderr)")
            let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123"], environment: env)
            #expect(triggered.status == 0, "\(triggered.stderr)")
            #expect(triggered.stdout.contains("Started build 1"))

            let shown = try await CLIProcess.run(["builds", "show", "1"], environment: env)
            #expect(shown.stdout.contains("no agent is online"), "\(shown.stdout)")
            #expect(shown.stdout.contains("waiting for step resolve"))

            let list = try await CLIProcess.run(["builds", "list", "--json"], environment: env)
            let object = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
            #expect((object?["builds"] as? [Any])?.count == 1)

            let canceled = try await CLIProcess.run(["builds", "cancel", "1"], environment: env)
            #expect(canceled.stdout.contains("Build 1 canceled."), "\(canceled.stdout)")
            let watched = try await CLIProcess.run(["builds", "watch", "1", "--interval", "0.2"], environment: env)
            #expect(watched.status == 1)
            #expect(watched.stdout.contains("Build 1 canceled."))

            let unknown = try await CLIProcess.run(["builds", "trigger", "--pipeline", "nope"], environment: env)
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("no pipeline named 'nope'"))
        }
    }

    @Test("agents tokens create prints a registration token; pipelines list shows the examples")
    func agentsAndPipelines() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let token = try await CLIProcess.run(["agents", "tokens", "create", "fleet"], environment: env)
            #expect(token.stdout.contains("mor_"))
            let agents = try await CLIProcess.run(["agents", "list"], environment: env)
            #expect(agents.status == 0)
            let pipelines = try await CLIProcess.run(["pipelines", "list"], environment: env)
            #expect(pipelines.stdout.contains("ios-pr"))
            #expect(pipelines.stdout.contains("android-pr"))
        }
    }

    @Test("pipelines validate works offline and reports file:line:column")
    func validateOffline() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: file) }
        try "name: x\nsteps:\n  - key: a\n    comand: echo\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["pipelines", "validate", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file.path):4:5"))
        #expect(result.stderr.contains("did you mean 'command'"))
    }

    @Test("pipelines validate takes a folder (every file, and names used twice); a missing path says no such file")
    func validateFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipelines-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: a\nsteps:\n  - key: a\n    command: echo\n".write(to: folder.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)
        try "name: b\nstepz: []\n".write(to: folder.appendingPathComponent("b.yml"), atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["pipelines", "validate", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("a.yml: ok (a, 1 jobs)"), "\(result.stdout)")
        #expect(result.stderr.contains("b.yml:2:1"), "\(result.stderr)")
        let missing = try await CLIProcess.run(["pipelines", "validate", folder.path + "/nope.yml"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.yml: no such file or folder"), "\(missing.stderr)")
        #expect(!missing.stderr.contains(":1:1"))
    }

    @Test("pipelines reload reloads the server's folder, shows what is served and exits 1 on problems")
    func reloadThroughTheServer() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let reloaded = try await CLIProcess.run(["pipelines", "reload"], environment: env)
            #expect(reloaded.status == 0, "\(reloaded.stderr)")
            #expect(reloaded.stdout.contains("SERVED"))
            #expect(reloaded.stdout.contains("ios-pr"))
            let json = try await CLIProcess.run(["pipelines", "reload", "--json"], environment: env)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect((object?["diagnostics"] as? [String]) == [])
        }
    }
}
