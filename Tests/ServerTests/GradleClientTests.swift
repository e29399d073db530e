import ChildProcesses
import Foundation
import HTTPClient
import Testing
import TestSupport
@testable import Server

/// Gradle itself (Debian's 4.4.1) against the server's cache: a clean copy of a project gets
/// the first copy's compiled classes from the server; a read token's uploads are refused and
/// the build still succeeds.
@Suite("Build cache: Gradle as the client")
struct GradleClientTests {
    static let settings = """
        rootProject.name = 'cachetest'
        buildCache {
            local { enabled = false }
            remote(HttpBuildCache) {
                url = System.getenv('MOBILE_OPS_GRADLE_CACHE')
                push = true
                credentials {
                    username = 'ci'
                    password = System.getenv('MOBILE_OPS_CACHE_TOKEN')
                }
            }
        }

        """

    /// A project with one class, in a new folder under `root`.
    static func project(in root: String, _ name: String) throws -> String {
        let folder = root + "/" + name
        try FileManager.default.createDirectory(atPath: folder + "/src/main/java", withIntermediateDirectories: true)
        try settings.write(toFile: folder + "/settings.gradle", atomically: true, encoding: .utf8)
        try "apply plugin: 'java'\n".write(toFile: folder + "/build.gradle", atomically: true, encoding: .utf8)
        try "public class Hello { public static int answer() { return 42; } }\n".write(toFile: folder + "/src/main/java/Hello.java", atomically: true, encoding: .utf8)
        return folder
    }

    /// `gradle compileJava` in `folder` with the cache at `namespace` and `token`; (succeeded, output).
    static func build(_ gradle: String, in folder: String, port: Int, namespace: String, token: String) async throws -> (Bool, String) {
        let environment = [
            "MOBILE_OPS_GRADLE_CACHE": "http://127.0.0.1:\(port)/cache/gradle/\(namespace)/", "MOBILE_OPS_CACHE_TOKEN": token,
            // A fresh Gradle home each time: nothing cached on this machine between the builds.
            "GRADLE_USER_HOME": folder + "/.gradle-home",
        ]
        // Not --offline: Gradle turns the remote cache off then. The project has no dependencies,
        // so nothing is fetched.
        let output = try await Command.run(.command(
            gradle, ["--no-daemon", "--build-cache", "--console=plain", "compileJava"], in: folder, environment: environment))
        return (output.status.isSuccess, output.text + output.errorText)
    }

    @Test(.enabled(if: Self.gradle != nil || Self.required, "needs gradle (make test installs it)"), .timeLimit(.minutes(10)))
    func secondCopyIsFromCache() async throws {
        let gradle = try #require(Self.gradle, "gradle is not installed (apt-get install gradle default-jdk-headless)")
        let root = try TemporaryDirectory("gradle-cache")
        defer { root.remove() }
        let server = try await LiveServer.start()
        let (readToken, port) = (try await Self.readToken(port: server.port), server.port)
        let first = try await Self.build(gradle, in: try Self.project(in: root.path, "first"), port: port, namespace: "app", token: TestServer.adminToken)
        let second = try await Self.build(gradle, in: try Self.project(in: root.path, "second"), port: port, namespace: "app", token: TestServer.adminToken)
        // The laptops' namespace holds an entry of its own (so its misses count under its name,
        // not "(other)"); the laptop's build misses, and its upload is refused.
        try await Self.seed(port: port, namespace: "laptop")
        let laptop = try await Self.build(gradle, in: try Self.project(in: root.path, "laptop"), port: port, namespace: "laptop", token: readToken)
        let stats = try await Self.statistics(port: port)
        let metrics = try await Self.metrics(port: port)
        await server.stop()

        #expect(first.0, "\(first.1)")
        #expect(second.0, "\(second.1)")
        // "> Task :compileJava FROM-CACHE" (4.x writes ":compileJava FROM-CACHE").
        #expect(second.1.contains("compileJava FROM-CACHE"), "\(second.1)")
        #expect(laptop.0, "a refused upload must not fail the build: \(laptop.1)")
        let app = stats.first { $0["protocol"] as? String == "gradle" && $0["namespace"] as? String == "app" }
        #expect((app?["hits"] as? Int ?? 0) >= 1 && (app?["uploads"] as? Int ?? 0) >= 1, "\(stats)")
        let refused = try #require(stats.first { $0["protocol"] as? String == "gradle" && $0["namespace"] as? String == "laptop" }, "\(stats)")
        #expect((refused["misses"] as? Int ?? 0) >= 1, "\(refused)")
        // Only the seeded entry: the laptop stored nothing.
        #expect(refused["uploads"] as? Int == 1 && refused["entries"] as? Int == 1, "\(refused)")
        #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="gradle",namespace="laptop",outcome="refused"}"#), "\(metrics)")
    }

    /// Stores an entry no build asks for in `namespace`, with the admin token.
    static func seed(port: Int, namespace: String) async throws {
        try await withClient { client in
            let basic = "Basic " + Data("ci:\(TestServer.adminToken)".utf8).base64EncodedString()
            let response = try await client.execute(.init(
                method: .put, url: "http://127.0.0.1:\(port)/cache/gradle/\(namespace)/0000seed", headers: ["Authorization": basic], body: Array("seed".utf8)))
            #expect(response.status == 201, "\(response.bodyText)")
        }
    }

    /// The Prometheus text at `/metrics`.
    static func metrics(port: Int) async throws -> String {
        try await withClient { client in
            try await client.execute(.init(url: "http://127.0.0.1:\(port)/metrics")).bodyText
        }
    }

    /// A new read token, made with the admin token.
    static func readToken(port: Int) async throws -> String {
        try await withClient { client in
            let response = try await client.execute(.init(
                method: .post, url: "http://127.0.0.1:\(port)/api/v1/tokens",
                headers: ["Authorization": "Bearer \(TestServer.adminToken)", "Content-Type": "application/json"],
                text: #"{"name": "gradle-laptop", "scopes": ["read"]}"#))
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            return try #require(object?["token"] as? String, "\(response.bodyText)")
        }
    }

    /// `GET /api/v1/cache/stats`' namespaces.
    static func statistics(port: Int) async throws -> [[String: Any]] {
        try await withClient { client in
            let response = try await client.execute(.init(
                url: "http://127.0.0.1:\(port)/api/v1/cache/stats", headers: ["Authorization": "Bearer \(TestServer.adminToken)"]))
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            return object?["namespaces"] as? [[String: Any]] ?? []
        }
    }

    static let gradle = CcacheClientTests.onPath(["gradle"])
    /// Under `CI=true` a missing gradle is a failure, not a skip.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
}
