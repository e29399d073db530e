import ChildProcesses
import Foundation

/// nginx from Debian on 127.0.0.1, balancing round-robin over server replicas as an
/// operator's load balancer would: long read timeouts, no buffering, and no second try of a
/// request that reached a replica (the essentials of deploy/nginx.conf).
///
/// Its access log names the replica that answered each request, so a test can tell that
/// both replicas did the work.
final class NginxBalancer {
    let root: URL
    let port: Int
    private let process: ProcessGroup

    /// Starts nginx in `root` in front of the replicas listening on `ports`.
    init(root: URL, upstreamPorts ports: [Int]) async throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        port = try Self.freePort()
        let configuration = root.appendingPathComponent("nginx.conf")
        try Self.configuration(root: root.path, port: port, upstreams: ports).write(to: configuration, atomically: true, encoding: .utf8)
        let launch = ProcessLaunch.command(
            "/usr/sbin/nginx", ["-p", root.path, "-e", root.appendingPathComponent("error.log").path, "-c", configuration.path]
        )
        process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: root.appendingPathComponent("stderr.log").path)
        try await waitUntilListening()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Each access-log line as (method, path, status, the replica's `host:port`).
    func accesses() -> [(method: String, path: String, status: Int, upstream: String)] {
        let text = (try? String(contentsOf: root.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3).map(String.init)
            guard fields.count == 4, let status = Int(fields[2]) else { return nil }
            return (fields[0], fields[1], status, fields[3])
        }
    }

    /// SIGQUIT: nginx finishes its connections and exits by itself; its reaper thread collects
    /// it, so this can run in a `defer` without holding a cooperative thread.
    func stop() {
        guard process.isRunning else { return }
        process.signal(SIGQUIT)
    }

    /// Long polls outlast the read timeout's default, logs are followed unbuffered, and a
    /// request that reached a replica is not sent again to the other unless it is idempotent
    /// (nginx's default for `proxy_next_upstream`): a webhook is never delivered twice by us.
    private static func configuration(root: String, port: Int, upstreams: [Int]) -> String {
        // Run as root (CI), nginx's workers would switch to `nobody`, who cannot write here.
        let user = geteuid() == 0 ? "user root;\n" : ""
        return """
            \(user)worker_processes 1;
            daemon off;
            pid \(root)/nginx.pid;
            events { worker_connections 4096; }
            http {
                log_format replicas '$request_method $uri $status $upstream_addr';
                access_log \(root)/access.log replicas;
                client_body_temp_path \(root)/body;
                proxy_temp_path \(root)/proxy;
                fastcgi_temp_path \(root)/fastcgi;
                uwsgi_temp_path \(root)/uwsgi;
                scgi_temp_path \(root)/scgi;
                upstream replicas {
                    \(upstreams.map { "server 127.0.0.1:\($0) max_fails=1 fail_timeout=10s;" }.joined(separator: "\n        "))
                    keepalive 64;
                }
                server {
                    listen 127.0.0.1:\(port);
                    client_max_body_size 0;
                    location / {
                        proxy_pass http://replicas;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $host;
                        proxy_read_timeout 300s;
                        proxy_buffering off;
                        proxy_request_buffering off;
                    }
                }
            }
            """
    }

    /// A loopback port nobody listens on now (nginx cannot be asked for port 0).
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BalancerError.noPort }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw BalancerError.noPort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func waitUntilListening() async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, process.isRunning {
            if FileManager.default.fileExists(atPath: root.appendingPathComponent("nginx.pid").path) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        let log = (try? String(contentsOf: root.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw BalancerError.didNotStart(log)
    }

    enum BalancerError: Error { case noPort, didNotStart(String) }
}
