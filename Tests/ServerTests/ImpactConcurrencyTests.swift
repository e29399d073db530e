import ChildProcesses
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Insights
import ServiceLifecycle
import Store
import Testing
@testable import Server

/// Impact analyses and dependency checks run a few at once, each within a deadline, and stop
/// on shutdown: one slow request (a pattern that backtracked for minutes, a clone that hangs)
/// can no longer hold every other one, nor the server's exit.
///
/// A hung clone is a `git` on the service's PATH that sleeps for one repository (its clone
/// URL names `stuck-repo`) and runs the real git for every other.
@Suite("Impact analysis: bounded, concurrent, stoppable")
struct ImpactConcurrencyTests {
    /// A folder with `bin/git` (the hanging wrapper) and the file it writes its pid to. With
    /// `escaping`, the hung git also leaves a process outside its group holding its output
    /// for 8 s: killing the group then cannot end the analysis's thread before that.
    static func hangingGit(escaping: Bool = false) throws -> (folder: String, pidFile: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("impact-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let real = try #require(path.split(separator: ":").map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) })
        let script = """
            #!/bin/sh
            case "$*" in *stuck-repo*) echo $$ > "\(folder)/stuck.pid"; \(escaping ? "setsid sleep 8 &" : "") exec sleep 300;; esac
            exec "\(real)" "$@"
            """
        try script.write(toFile: folder + "/bin/git", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/bin/git")
        return (folder, folder + "/stuck.pid")
    }

    /// Registers the impact service with `limits` and the hanging git.
    static func service(_ limits: ImpactLimits, git folder: String) -> (inout ContainerBuilder) -> Void {
        { builder in
            builder.override(ImpactService.self, .singleton) { (repositories: any RepositoryStore, configuration: ServerConfiguration) in
                ImpactService(
                    repositories: repositories, directory: URL(fileURLWithPath: configuration.databasePath).deletingLastPathComponent().path + "/impact",
                    limits: limits, gitSearchPath: folder + "/bin"
                )
            }
        }
    }

    /// The pid the hanging git wrote, once it has (nil after `seconds`).
    static func stuckPid(_ file: String, within seconds: Int = 30) async throws -> pid_t? {
        for _ in 0..<(seconds * 20) {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Whether `pid` is gone within `seconds` (killed and reaped).
    static func ends(_ pid: pid_t, within seconds: Int = 20) async throws -> Bool {
        for _ in 0..<(seconds * 20) {
            if kill(pid, 0) != 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    static let stuckBody = #"{"repository": "acme/stuck", "changedFiles": ["App/a.swift"]}"#

    @Test("eight globstars answer, and answer right; too many or too long patterns are refused naming the limit")
    func globstarsAnswer() async throws {
        let deep = Array(repeating: "a", count: 40).joined(separator: "/")
        let stars = Array(repeating: "**", count: 8).joined(separator: "/")
        try await TestServer.make().test { client in
            // That they answer at all is the point: backtracking took more than 120 s for the
            // first alone. ImpactTests' GlobMatchingTests holds the harder cases; no clock here.
            for (last, runAll) in [("b", false), ("a", true)] {
                let body = #"{"graph": {"modules": [{"name": "Core", "paths": ["Core"]}]}, "changedFiles": ["\#(deep)"], "runAll": ["\#(stars)/\#(last)"]}"#
                let response = try await client.send(.post, "/api/v1/impact", json: body)
                #expect(response.status == .ok, "\(response.body)")
                #expect((response.body["runAll"] as? [String: Any])?["value"] as? Bool == runAll, "\(last): \(response.body)")
            }

            let many = (0...ImpactLimits.runAllPatterns).map { "\"p\($0)\"" }.joined(separator: ",")
            let long = String(repeating: "*", count: ImpactLimits.patternBytes + 1)
            for runAll in ["[\(many)]", "[\"\(long)\"]"] {
                let body = #"{"graph": {"modules": [{"name": "Core", "paths": ["Core"]}]}, "changedFiles": ["a"], "runAll": \#(runAll)}"#
                let response = try await client.send(.post, "/api/v1/impact", json: body)
                #expect(response.status == .badRequest)
                #expect(response.body.errorCode == "invalid_runAll")
                #expect(response.body.errorMessage?.contains("at most \(ImpactLimits.runAllPatterns) strings of at most \(ImpactLimits.patternBytes) bytes") == true)
            }
        }
    }

    @Test("a hung clone holds neither other repositories nor inline graphs, and is stopped at its deadline with its git killed")
    func stuckAnalysisDoesNotBlockOthers() async throws {
        let (folder, pidFile) = try Self.hangingGit()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repository = try await ImpactRepositorySafetyTests.makeRepository(["project.yml": ImpactReaderSafetyTests.spec, "App/a.swift": "struct A {}"])
        defer { try? FileManager.default.removeItem(atPath: repository.path) }
        let server = try await TestServer.make(customize: Self.service(ImpactLimits(concurrentAnalyses: 2, deadline: .seconds(15)), git: folder))
        try await server.test { client in
            try await ImpactRepositorySafetyTests.register(repository.path, as: "acme/app", with: client)
            try await ImpactRepositorySafetyTests.register(folder + "/stuck-repo", as: "acme/stuck", with: client)
            async let stuck = client.send(.post, "/api/v1/impact", json: Self.stuckBody)
            let written = try await Self.stuckPid(pidFile)
            let pid = try #require(written, "the hanging git never ran")

            let other = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "acme/app", "changedFiles": ["App/a.swift"]}"#)
            #expect(other.status == .ok, "\(other.body)")
            let inline = try await client.send(.post, "/api/v1/impact", json: #"{"graph": {"modules": [{"name": "Core", "paths": ["Core"]}]}, "changedFiles": ["Core/a"]}"#)
            #expect(inline.status == .ok, "\(inline.body)")
            #expect(kill(pid, 0) == 0, "answered while the hung clone still ran, not after it")

            let ended = try await stuck
            #expect(ended.status.code == 504, "\(ended.body)")
            #expect(ended.body.errorCode == "analysis_timeout")
            let killed = try await Self.ends(pid)
            #expect(killed, "the hung git was not killed")
        }
    }

    @Test("with every slot held, a request is answered 503 analysis_busy at its deadline; the slot comes back once the work really ends")
    func busySlots() async throws {
        let (folder, pidFile) = try Self.hangingGit(escaping: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await TestServer.make(customize: Self.service(ImpactLimits(concurrentAnalyses: 1, deadline: .seconds(4)), git: folder))
        try await server.test { client in
            try await ImpactRepositorySafetyTests.register(folder + "/stuck-repo", as: "acme/stuck", with: client)
            async let stuck = client.send(.post, "/api/v1/impact", json: Self.stuckBody)
            let written = try await Self.stuckPid(pidFile)
            let pid = try #require(written, "the hanging git never ran")
            let inline = #"{"graph": {"modules": [{"name": "Core", "paths": ["Core"]}]}, "changedFiles": ["Core/a"]}"#
            let waiting = try await client.send(.post, "/api/v1/impact", json: inline)
            #expect(waiting.status == .serviceUnavailable, "\(waiting.body)")
            #expect(waiting.body.errorCode == "analysis_busy")
            let ended = try await stuck
            #expect(ended.body.errorCode == "analysis_timeout", "\(ended.body)")
            let killed = try await Self.ends(pid)
            #expect(killed)
            // The slot stays taken until the escaped process lets the thread end (8 s).
            var later = try await client.send(.post, "/api/v1/impact", json: inline)
            for _ in 0..<10 where later.status != .ok {
                later = try await client.send(.post, "/api/v1/impact", json: inline)
            }
            #expect(later.status == .ok, "\(later.body)")
        }
    }

    @Test("a graceful shutdown stops a hung analysis at once: 503 shutting_down, git killed, the server ends")
    func shutdownStopsAnalyses() async throws {
        let (folder, pidFile) = try Self.hangingGit()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LiveServer.start(customize: Self.service(ImpactLimits(deadline: .seconds(600)), git: folder))
        defer { try? FileManager.default.removeItem(at: server.test.directory) }
        let script = """
            import json, sys, urllib.request, urllib.error
            port, token, clone = sys.argv[1:4]
            def send(path, body):
                request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body.encode(), method="POST",
                    headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=60) as response:
                        return str(response.status)
                except urllib.error.HTTPError as error:
                    return f"{error.code} {json.load(error)['error']['code']}"
            send("/api/v1/repositories", json.dumps({"name": "acme/stuck", "provider": "github", "cloneURL": clone, "defaultBranch": "main"}))
            print(send("/api/v1/impact", json.dumps({"repository": "acme/stuck", "changedFiles": ["a"]})))
            """
        let arguments = [String(server.port), TestServer.adminToken, "file://" + folder + "/stuck-repo"]
        async let printed = LiveServer.runPython(script, arguments: arguments)
        let written = try await Self.stuckPid(pidFile)
        let pid = try #require(written, "the hanging git never ran")
        await server.services.triggerGracefulShutdown()
        let output = try await printed
        #expect(output == "503 shutting_down", "\(output)")
        let stopped = output == "503 shutting_down"
        // A server still held by the analysis is cancelled rather than waited for.
        if !stopped { server.task.cancel() }
        _ = await server.task.result
        let killed = try await Self.ends(pid)
        #expect(killed, "the hung git was not killed")
    }
}
