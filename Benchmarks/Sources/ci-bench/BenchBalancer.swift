import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// nginx (Debian's; `make bench` installs it) on 127.0.0.1, round-robin over server
/// replicas with keep-alive upstream connections (the essentials of deploy/nginx.conf).
final class BenchBalancer {
    let url: String
    private let directory: String
    private let process: ProcessGroup

    /// Starts nginx in front of `upstreams` (`http://127.0.0.1:port` each).
    init(upstreams: [String]) async throws {
        directory = NSTemporaryDirectory() + "mobile-ops-ci-bench-nginx-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let port = try BenchServer.freePort()
        url = "http://127.0.0.1:\(port)"
        let servers = upstreams.map { "server \($0.replacingOccurrences(of: "http://", with: ""));" }.joined(separator: " ")
        // Run as root, nginx's workers would switch to `nobody`, who cannot write here.
        let user = geteuid() == 0 ? "user root;" : ""
        let configuration = """
            \(user) worker_processes 2; daemon off; pid \(directory)/nginx.pid;
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path \(directory)/body; proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi; uwsgi_temp_path \(directory)/uwsgi; scgi_temp_path \(directory)/scgi;
                upstream replicas { \(servers) keepalive 64; }
                server {
                    listen 127.0.0.1:\(port);
                    client_max_body_size 0;
                    location / {
                        proxy_pass http://replicas; proxy_http_version 1.1; proxy_set_header Connection "";
                        proxy_read_timeout 300s; proxy_buffering off;
                    }
                }
            }
            """
        try configuration.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        let launch = ProcessLaunch.command("/usr/sbin/nginx", ["-p", directory, "-e", directory + "/error.log", "-c", directory + "/nginx.conf"])
        process = try ProcessGroup.spawn(launch, outputPath: "/dev/null", errorPath: "/dev/null")
        for _ in 0..<200 {
            if FileManager.default.fileExists(atPath: directory + "/nginx.pid") { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let log = (try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? ""
        throw BenchError("nginx did not start (apt-get install -y nginx): \(log)")
    }

    /// Stops nginx and removes its folder.
    func stop() async {
        if process.isRunning { kill(process.pid, SIGQUIT) }
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
