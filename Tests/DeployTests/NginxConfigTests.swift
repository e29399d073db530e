import ChildProcesses
import Foundation
import Testing

/// deploy/nginx.conf: timeouts that outlast the long poll, streams passed on unbuffered,
/// body limits that match the server's, and no second attempt at a request that changes state.
@Suite struct NginxConfigTests {
    let config: NginxConfig
    let server: NginxConfig.Directive

    init() throws {
        config = try #require(NginxConfig(try DeployFiles.text("deploy/nginx.conf")), "nginx.conf does not parse")
        server = try #require(config.everywhere("server").first { $0.children != nil }, "nginx.conf has no server block")
    }

    /// The `location` block whose pattern matches `path`, nginx-style: a regular expression
    /// (`~`) or a prefix.
    func location(for path: String) -> NginxConfig.Directive? {
        let locations = server.all("location")
        let regex = locations.first { location in
            location.arguments.first == "~" && location.arguments.count == 2
                && (try? Regex(location.arguments[1]).wholeMatch(in: path)) != nil
        }
        return regex ?? locations.filter { $0.arguments.count == 1 && path.hasPrefix($0.arguments[0]) }.max { $0.arguments[0].count < $1.arguments[0].count }
    }

    /// A setting as it applies in `location`: its own, else the server block's.
    func setting(_ name: String, in location: NginxConfig.Directive?) -> String? {
        location?.value(name) ?? server.value(name)
    }

    @Test func everyReadTimeoutOutlastsTheLongPoll() throws {
        let poll = try DeployFiles.longPollSeconds()
        let timeouts = config.everywhere("proxy_read_timeout").compactMap { $0.arguments.first }
        #expect(!timeouts.isEmpty, "without proxy_read_timeout nginx waits 60 s; say it")
        for timeout in timeouts {
            let seconds = try #require(DeployFiles.seconds(timeout), "unreadable proxy_read_timeout \(timeout)")
            #expect(seconds > poll, "proxy_read_timeout \(timeout) would cut a \(poll) s poll")
        }
        let agentPoll = try #require(location(for: "/api/v1/agent/jobs/next"))
        #expect(setting("proxy_read_timeout", in: agentPoll).flatMap(DeployFiles.seconds).map { $0 > poll } == true)
    }

    @Test func followedLogsAndDownloadsStreamUnbuffered() throws {
        let log = try #require(location(for: "/api/v1/jobs/42/log"), "no location for followed logs")
        #expect(log.value("proxy_buffering") == "off")
        let silence = try #require(setting("proxy_read_timeout", in: log).flatMap(DeployFiles.seconds))
        #expect(silence >= 600, "a followed log of a quiet job is cut after \(silence) s")
        let download = try #require(location(for: "/api/v1/artifacts/7"))
        #expect(download.value("proxy_buffering") == "off")
        #expect(location(for: "/api/v1/builds")?.value("proxy_buffering") != "off")
    }

    @Test func bodyLimitsMatchTheServers() throws {
        let ordinary = try #require(setting("client_max_body_size", in: location(for: "/api/v1/webhooks/github")).flatMap(Self.bytes))
        #expect(ordinary == (try DeployFiles.documentedDefault(of: "MOBILE_OPS_MAX_BODY_BYTES")))
        let upload = try #require(location(for: "/api/v1/agent/jobs/42/artifacts"), "no location for artifact uploads")
        #expect(upload.value("client_max_body_size").flatMap(Self.bytes) == (try DeployFiles.documentedDefault(of: "MOBILE_OPS_MAX_ARTIFACT_BYTES")))
        #expect(upload.value("proxy_request_buffering") == "off")
        let cache = try #require(location(for: "/cache/gradle/app/0123abcd"), "no location for the build cache")
        #expect(cache.value("client_max_body_size").flatMap(Self.bytes) == (try DeployFiles.documentedDefault(of: "MOBILE_OPS_CACHE_MAX_ENTRY_BYTES")))
        #expect(cache.value("proxy_request_buffering") == "off" && cache.value("proxy_buffering") == "off")
    }

    @Test func idleConnectionsToTheServersCloseBeforeTheServersCloseThem() throws {
        let upstream = try #require(config.everywhere("upstream").first)
        #expect(upstream.value("keepalive") != nil)
        let idle = try #require(upstream.value("keepalive_timeout").flatMap(DeployFiles.seconds), "nginx keeps idle connections 60 s by default")
        #expect(idle < Double(try DeployFiles.documentedDefault(of: "MOBILE_OPS_IDLE_TIMEOUT_SECONDS")))
    }

    @Test func requestsThatChangeStateAreNeverSentTwice() throws {
        let retries = config.everywhere("proxy_next_upstream").flatMap(\.arguments)
        #expect(!retries.isEmpty)
        #expect(!retries.contains("non_idempotent"), "nginx would send a POST that reached one server to the other")
        // A server's own answers (503 when S3 refuses, say) are the same on every server.
        #expect(retries.allSatisfy { ["error", "timeout"].contains($0) }, "\(retries)")
    }

    @Test(.enabled(if: Self.nginx != nil || Self.required, "needs nginx (make test installs it)"))
    func nginxAcceptsTheConfiguration() async throws {
        let nginx = try #require(Self.nginx, "nginx is not installed (apt-get install nginx)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deploy-nginx-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The compose service names resolve only on compose's network: the same file, with the
        // servers on loopback, inside the http block the official image wraps it in.
        let site = try DeployFiles.text("deploy/nginx.conf").replacing(/server mobile-ops-\d+:/, with: { _ in "server 127.0.0.1:" })
        try site.write(toFile: directory + "/site.conf", atomically: true, encoding: .utf8)
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map { "\($0)_temp_path \(directory)/\($0);" }.joined(separator: " ")
        let main = "pid \(directory)/nginx.pid; events {} http { \(temporary) include \(directory)/site.conf; }\n"
        try main.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let result = try await Command.run(.command(nginx, ["-t", "-q", "-p", directory, "-e", directory + "/error.log", "-c", directory + "/nginx.conf"]))
        #expect(result.status.isSuccess, "\(result.errorText)")
    }

    /// `nginx` on PATH or in /usr/sbin, where Debian puts it.
    static let nginx: String? = ((ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin"])
        .map { $0 + "/nginx" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Under `CI=true` a missing nginx is a failure, not a skip.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// An nginx size (`5m`, `2g`, `512k`, `1024`) in bytes.
    static func bytes(_ size: String) -> Int? {
        let units: [Character: Int] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30]
        guard let last = size.lowercased().last else { return nil }
        if let unit = units[last] { return Int(size.dropLast()).map { $0 * unit } }
        return Int(size)
    }
}
