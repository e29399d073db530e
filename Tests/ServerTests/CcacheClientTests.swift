import ChildProcesses
import Foundation
import Testing
@testable import Server

/// ccache itself (Debian's, 4.7) against the server's cache: what one empty local cache
/// compiles, another empty one gets from the server.
@Suite("Build cache: ccache as the client")
struct CcacheClientTests {
    @Test(.enabled(if: Self.ccache != nil || Self.required, "needs ccache (make test installs it)"))
    func secondCacheHitsTheRemote() async throws {
        let ccache = try #require(Self.ccache, "ccache is not installed (apt-get install ccache)")
        let compiler = try #require(Self.compiler, "no C compiler (cc, gcc or clang) on PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-ccache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "int answer(void) { return 42; }\n".write(toFile: folder + "/hello.c", atomically: true, encoding: .utf8)
        // No system configuration: only what the environment below says.
        try "".write(toFile: folder + "/ccache.conf", atomically: true, encoding: .utf8)

        let server = try await LiveServer.start()
        // ccache gives the server 100 ms to connect and 10 s per request by default; a debug
        // server on a loaded machine can take longer, and ccache then counts a miss.
        let storage = "http://ci:\(TestServer.adminToken)@127.0.0.1:\(server.port)/cache/ccache/team|layout=subdirs|connect-timeout=2000|operation-timeout=30000"
        var stats: [String: Int] = [:]
        var compiled: [Bool] = []
        for local in ["first", "second"] {
            let environment = [
                "CCACHE_DIR": folder + "/" + local, "CCACHE_REMOTE_STORAGE": storage, "CCACHE_CONFIGPATH": folder + "/ccache.conf",
                "CCACHE_LOGFILE": folder + "/" + local + ".log",
            ]
            let compile = try await Command.run(.command(ccache, [compiler, "-c", "hello.c", "-o", "hello.o"], in: folder, environment: environment))
            compiled.append(compile.status.isSuccess)
            if !compile.status.isSuccess { Issue.record("ccache failed: \(compile.errorText)") }
            let printed = try await Command.run(.command(ccache, ["--print-stats"], in: folder, environment: environment))
            stats = Self.counters(printed.text)
        }
        let log = (try? String(contentsOfFile: folder + "/second.log", encoding: .utf8)) ?? ""
        await server.stop()
        #expect(compiled == [true, true])
        // The second, empty local cache got its result from the server: a remote hit.
        #expect((stats["remote_storage_hit"] ?? 0) >= 1 || (stats["remote_storage_read_hit"] ?? 0) >= 1, "\(stats)\n\(log.suffix(3000))")
        #expect(stats["remote_storage_error"] ?? 0 == 0, "\(stats)")
    }

    /// `ccache --print-stats`' tab-separated `name\tvalue` lines.
    static func counters(_ text: String) -> [String: Int] {
        var counters: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2, let value = Int(parts[1]) { counters[String(parts[0])] = value }
        }
        return counters
    }

    /// The first of `names` found on PATH.
    static func onPath(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        for name in names {
            if let found = folders.map({ $0 + "/" + name }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        }
        return nil
    }

    static let ccache = onPath(["ccache"])
    static let compiler = onPath(["cc", "gcc", "clang"])
    /// Under `CI=true` a missing ccache is a failure, not a skip.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
}
