import BuildCache
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// The build cache's routes (`/cache/…`) through the router: each protocol's reads and
/// writes, tokens and scopes, limits, and the counts they leave.
@Suite("Build cache: Gradle, Bazel, ccache and XCRemoteCache routes")
struct BuildCacheAPITests {
    static let hello = (text: "hello", sha256: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")

    @Test("Gradle: a write token stores over Basic (any user), a read token loads; a miss is 404, never 5xx")
    func gradleRoundTrip() async throws {
        try await TestServer.make().test { client in
            let write = CacheClient.basic(try await CacheClient.token(client, scope: "write"), user: "ci")
            let read = CacheClient.basic(try await CacheClient.token(client, scope: "read"), user: "laptop")
            let path = "/cache/gradle/app/0f1e2d3c4b5a69788796a5b4c3d2e1f0"
            let miss = try await CacheClient.send(client, .get, path, authorization: read)
            #expect(miss.status == .notFound && miss.errorCode == "cache_miss", "\(miss.text)")
            let stored = try await CacheClient.send(client, .put, path, authorization: write, body: "gradle entry")
            #expect(stored.status == .created, "\(stored.text)")
            let hit = try await CacheClient.send(client, .get, path, authorization: read)
            #expect(hit.status == .ok && hit.text == "gradle entry")
            #expect(hit.headers[.contentType] == "application/octet-stream")
            // The same key in another namespace is another entry.
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/other/0f1e2d3c4b5a69788796a5b4c3d2e1f0", authorization: read).status == .notFound)
            // A bearer token works as well.
            let bearer = try await CacheClient.send(client, .get, path, authorization: "Bearer \(TestServer.adminToken)")
            #expect(bearer.status == .ok)
        }
    }

    @Test("401 without a token, with Basic's challenge; a read token cannot upload (403, counted as refused) and nothing is stored; a bad password is 401")
    func credentials() async throws {
        try await TestServer.make().test { client in
            let read = try await CacheClient.token(client, scope: "read")
            let path = "/cache/gradle/app/abcdef"
            // The namespace holds another entry, so what happens in it counts under its name.
            #expect(try await CacheClient.send(client, .put, "/cache/gradle/app/012345", authorization: CacheClient.basic(TestServer.adminToken), body: "x").status == .created)
            let none = try await CacheClient.send(client, .get, path, authorization: nil)
            #expect(none.status == .unauthorized && none.headers[.wwwAuthenticate] == #"Basic realm="mobile-ops""#, "\(none.headers)")
            let wrong = try await CacheClient.send(client, .get, path, authorization: CacheClient.basic("mo_not_a_token"))
            #expect(wrong.status == .unauthorized)
            let noPassword = try await CacheClient.send(client, .get, path, authorization: "Basic " + Data("ci:".utf8).base64EncodedString())
            #expect(noPassword.status == .unauthorized)
            let refused = try await CacheClient.send(client, .put, path, authorization: CacheClient.basic(read), body: "from a laptop")
            #expect(refused.status == .forbidden, "\(refused.text)")
            #expect(try await CacheClient.send(client, .get, path, authorization: CacheClient.basic(read)).status == .notFound)
            #expect(try await CacheClient.send(client, .delete, "/cache/ccache/app/ab/cd", authorization: CacheClient.basic(read)).status == .forbidden)
            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="gradle",namespace="app",outcome="refused"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="ccache",namespace="app",outcome="refused"} 1"#))
            // Basic is for the cache only: the API still wants a bearer token.
            #expect(try await CacheClient.send(client, .get, "/api/v1/builds", authorization: CacheClient.basic(TestServer.adminToken)).status == .unauthorized)
        }
    }

    @Test("Bazel: a CAS upload must hash to its key (400, stored nowhere); AC entries are opaque; HEAD; URL-safe Basic")
    func bazel() async throws {
        try await TestServer.make().test { client in
            let write = CacheClient.basic(try await CacheClient.token(client, scope: "write"), urlSafe: true)
            let cas = "/cache/bazel/ns/cas/\(Self.hello.sha256)"
            let mismatch = try await CacheClient.send(client, .put, cas, authorization: write, body: "HELLO")
            #expect(mismatch.status == .badRequest && mismatch.errorCode == "digest_mismatch", "\(mismatch.text)")
            #expect(try await CacheClient.send(client, .get, cas, authorization: write).status == .notFound)
            #expect(try await CacheClient.send(client, .head, cas, authorization: write).status == .notFound)
            #expect(try await CacheClient.send(client, .put, cas, authorization: write, body: Self.hello.text).status == .created)
            let head = try await CacheClient.send(client, .head, cas, authorization: write)
            #expect(head.status == .ok && head.headers[.contentLength] == "5", "\(head.headers)")
            #expect(try await CacheClient.send(client, .get, cas, authorization: write).text == "hello")
            let ac = "/cache/bazel/ns/ac/\(String(repeating: "ab", count: 32))"
            #expect(try await CacheClient.send(client, .put, ac, authorization: write, body: "action result").status == .created)
            #expect(try await CacheClient.send(client, .get, ac, authorization: write).text == "action result")
            let short = try await CacheClient.send(client, .get, "/cache/bazel/ns/cas/abc", authorization: write)
            #expect(short.status == .badRequest && short.errorCode == "invalid_cache_key")
            let upper = try await CacheClient.send(client, .get, "/cache/bazel/ns/ac/\(String(repeating: "AB", count: 32))", authorization: write)
            #expect(upper.status == .badRequest)
        }
    }

    @Test("ccache: any path below the namespace; HEAD before PUT; DELETE")
    func ccache() async throws {
        try await TestServer.make().test { client in
            let write = CacheClient.basic(try await CacheClient.token(client, scope: "write"))
            let path = "/cache/ccache/team/ab/cdef0123456789abcdefghijklmnopq"
            #expect(try await CacheClient.send(client, .head, path, authorization: write).status == .notFound)
            #expect(try await CacheClient.send(client, .put, path, authorization: write, body: "object file").status == .created)
            #expect(try await CacheClient.send(client, .head, path, authorization: write).status == .ok)
            #expect(try await CacheClient.send(client, .get, path, authorization: write).text == "object file")
            // The flat layout's key is the folder name of the subdirs one: two entries.
            #expect(try await CacheClient.send(client, .put, "/cache/ccache/team/ab", authorization: write, body: "flat").status == .created)
            #expect(try await CacheClient.send(client, .get, path, authorization: write).text == "object file")
            #expect(try await CacheClient.send(client, .delete, path, authorization: write).status == .noContent)
            #expect(try await CacheClient.send(client, .get, path, authorization: write).status == .notFound)
            #expect(try await CacheClient.send(client, .delete, path, authorization: write).status == .noContent)
            // The router does not resolve dot segments: `..` reaches the key's check, which refuses it.
            let escape = try await CacheClient.send(client, .get, "/cache/ccache/team/ab/../../x", authorization: write)
            #expect(escape.status == .badRequest && escape.errorCode == "invalid_cache_key", "\(escape.status) \(escape.text)")
        }
    }

    @Test("two uploads of one key at once through the router are both answered, and the entry is one of them whole")
    func concurrentUploads() async throws {
        try await TestServer.make().test { client in
            let write = CacheClient.basic(TestServer.adminToken)
            let path = "/cache/gradle/app/feedface"
            let a = String(repeating: "a", count: 300_000)
            let b = String(repeating: "b", count: 200_000)
            async let first = CacheClient.send(client, .put, path, authorization: write, body: a)
            async let second = CacheClient.send(client, .put, path, authorization: write, body: b)
            let answers = try await [first, second]
            #expect(answers.map(\.status) == [.created, .created], "\(answers.map(\.text))")
            let kept = try await CacheClient.send(client, .get, path, authorization: write).text
            #expect(kept == a || kept == b, "\(kept.count) bytes, starting \(kept.prefix(8))")
        }
    }

    @Test("a wrong method on a cache path, however deep, is 405 with the methods it takes")
    func wrongMethod() async throws {
        try await TestServer.make().test { client in
            let answer = try await CacheClient.send(client, .post, "/cache/ccache/team/ab/cd", authorization: CacheClient.basic(TestServer.adminToken))
            #expect(answer.status == .methodNotAllowed && answer.headers[.allow] == "DELETE, GET, HEAD, PUT", "\(answer.status) \(answer.headers)")
        }
    }

    @Test("XCRemoteCache: file, meta and marker (an empty PUT); a marker's HEAD is a read (hit or miss); other folders are refused; the health probe answers")
    func xcode() async throws {
        try await TestServer.make().test { client in
            let bearer = "Bearer \(try await CacheClient.token(client, scope: "write"))"
            let meta = "/cache/xcode/ios-app/meta/0a1b2c-App-Debug-iphonesimulator-13C100-f00d.json"
            #expect(try await CacheClient.send(client, .put, meta, authorization: bearer, body: #"{"fileKey": "x"}"#).status == .created)
            #expect(try await CacheClient.send(client, .get, meta, authorization: bearer).text == #"{"fileKey": "x"}"#)
            let marker = "/cache/xcode/ios-app/marker/0a1b2c-Debug-iphonesimulator-13C100-6"
            #expect(try await CacheClient.send(client, .put, marker, authorization: bearer, body: "").status == .created)
            let head = try await CacheClient.send(client, .head, marker, authorization: bearer)
            #expect(head.status == .ok && head.headers[.contentLength] == "0")
            #expect(try await CacheClient.send(client, .put, "/cache/xcode/ios-app/file/abc.zip", authorization: bearer, body: "zip").status == .created)
            let other = try await CacheClient.send(client, .put, "/cache/xcode/ios-app/other/abc", authorization: bearer, body: "x")
            #expect(other.status == .badRequest && other.errorCode == "invalid_cache_key")
            #expect(try await CacheClient.send(client, .head, "/cache/xcode/ios-app/nginx-health", authorization: bearer).status == .ok)
            // The consumer's HEAD of a commit's marker is how it reads: counted as a hit (no
            // bytes) or a miss, beside the meta's GET.
            let missing = try await CacheClient.send(client, .head, "/cache/xcode/ios-app/marker/ffffff-Debug-iphonesimulator-13C100-6", authorization: bearer)
            #expect(missing.status == .notFound)
            let stats = try await client.send(.get, "/api/v1/cache/stats")
            let xcode = try #require((stats.body["namespaces"] as? [[String: Any]])?.first { $0["protocol"] as? String == "xcode" }, "\(stats.body)")
            #expect(xcode["hits"] as? Int == 2 && xcode["misses"] as? Int == 1 && xcode["bytesServed"] as? Int == 16, "\(xcode)")
            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="xcode",namespace="ios-app",outcome="hit"} 2"#), "\(metrics)")
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="xcode",namespace="ios-app",outcome="miss"} 1"#))
        }
    }

    @Test("bad namespaces are 400; an entry over the limit is 413 and nothing is kept")
    func limits() async throws {
        try await TestServer.make(configure: { $0.cache.maxEntrySize = 1024 }).test { client in
            let write = CacheClient.basic(try await CacheClient.token(client, scope: "write"))
            let long = try await CacheClient.send(client, .get, "/cache/gradle/\(String(repeating: "n", count: 65))/abc", authorization: write)
            #expect(long.status == .badRequest && long.errorCode == "invalid_cache_namespace")
            let odd = try await CacheClient.send(client, .get, "/cache/gradle/a%20b/abc", authorization: write)
            #expect(odd.status == .badRequest)
            let big = try await CacheClient.send(client, .put, "/cache/gradle/ns/abc", authorization: write, body: String(repeating: "x", count: 1025))
            #expect(big.status == .contentTooLarge, "\(big.text)")
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/ns/abc", authorization: write).status == .notFound)
            #expect(try await CacheClient.send(client, .put, "/cache/gradle/ns/abc", authorization: write, body: String(repeating: "x", count: 1024)).status == .created)
        }
    }

    @Test("a full disk refuses uploads with 507 (never stored) while reads go on")
    func fullDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await TestServer.make(configure: { $0.cache.folder = folder }).test { client in
            let write = CacheClient.basic(TestServer.adminToken)
            let stored = try await CacheClient.send(client, .put, "/cache/gradle/ns/abc", authorization: write, body: "kept")
            #expect(stored.status == .created)
        }
        try await TestServer.make(configure: { $0.cache.folder = folder; $0.cache.minimumFreeBytes = Int64.max / 2 }).test { client in
            let write = CacheClient.basic(TestServer.adminToken)
            let full = try await CacheClient.send(client, .put, "/cache/gradle/ns/def", authorization: write, body: "refused")
            #expect(full.status.code == 507 && full.errorCode == "cache_storage_full", "\(full.status) \(full.text)")
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/ns/abc", authorization: write).text == "kept")
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/ns/def", authorization: write).status == .notFound)
        }
    }

    @Test("hits, misses, uploads and bytes per protocol and namespace, in GET /api/v1/cache/stats and in Prometheus")
    func counted() async throws {
        try await TestServer.make().test { client in
            let write = CacheClient.basic(TestServer.adminToken)
            _ = try await CacheClient.send(client, .put, "/cache/gradle/app/abc", authorization: write, body: "12345")
            // A miss once the namespace holds entries (before, it counts under "(other)": below).
            _ = try await CacheClient.send(client, .get, "/cache/gradle/app/def", authorization: write)
            _ = try await CacheClient.send(client, .get, "/cache/gradle/app/abc", authorization: write)
            _ = try await CacheClient.send(client, .get, "/cache/gradle/app/abc", authorization: write)
            _ = try await CacheClient.send(client, .put, "/cache/ccache/team/ab/cd", authorization: write, body: "xy")
            let stats = try await client.send(.get, "/api/v1/cache/stats", token: try await CacheClient.token(client, scope: "read"))
            #expect(stats.status == .ok)
            let namespaces = try #require(stats.body["namespaces"] as? [[String: Any]])
            #expect(namespaces.count == 2)
            let ccache = try #require(namespaces.first)
            #expect(ccache["protocol"] as? String == "ccache" && ccache["uploads"] as? Int == 1 && ccache["entries"] as? Int == 1 && ccache["entryBytes"] as? Int == 2)
            #expect(ccache["hitRate"] == nil)
            let gradle = try #require(namespaces.last)
            #expect(gradle["namespace"] as? String == "app")
            #expect(gradle["hits"] as? Int == 2 && gradle["misses"] as? Int == 1 && gradle["uploads"] as? Int == 1)
            #expect(gradle["bytesServed"] as? Int == 10 && gradle["bytesStored"] as? Int == 5)
            #expect((gradle["hitRate"] as? Double).map { abs($0 - 2.0 / 3.0) < 1e-9 } == true)

            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="gradle",namespace="app",outcome="hit"} 2"#), "\(metrics)")
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="gradle",namespace="app",outcome="miss"} 1"#))
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="ccache",namespace="team",outcome="stored"} 1"#))
            #expect(metrics.contains(#"mobile_ops_cache_bytes_total{protocol="gradle",namespace="app",direction="served"} 10"#))
        }
    }

    @Test("evictions are counted in Prometheus per protocol and namespace")
    func evictionsCounted() async throws {
        let server = try await TestServer.make(configure: { $0.cache.maxBytes = 100 })
        let evictor = try await server.server.container.resolve(CacheEvictor.self)
        try await server.test { client in
            let write = CacheClient.basic(TestServer.adminToken)
            for key in ["k1", "k2", "k3"] {
                let stored = try await CacheClient.send(client, .put, "/cache/gradle/app/\(key)", authorization: write, body: String(repeating: "x", count: 40))
                #expect(stored.status == .created)
            }
            // 120 bytes past a 100-byte cap: the least recently used one goes.
            #expect(await evictor.evictOnce() == 1)
            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"mobile_ops_cache_evictions_total{protocol="gradle",namespace="app"} 1"#), "\(metrics)")
        }
    }

    @Test("misses in namespaces that hold nothing count under one (other) row and series, not one each; once a namespace holds entries, under its own")
    func madeUpNamespaces() async throws {
        try await TestServer.make().test { client in
            let read = CacheClient.basic(try await CacheClient.token(client, scope: "read"))
            for index in 0..<3 {
                #expect(try await CacheClient.send(client, .get, "/cache/gradle/made-up-\(index)/abc", authorization: read).status == .notFound)
                let head = try await CacheClient.send(client, .head, "/cache/bazel/made-up-\(index)/ac/\(String(repeating: "0", count: 64))", authorization: read)
                #expect(head.status == .notFound)
            }
            #expect(try await CacheClient.send(client, .put, "/cache/gradle/app/abc", authorization: CacheClient.basic(TestServer.adminToken), body: "kept").status == .created)
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/app/def", authorization: read).status == .notFound)

            let stats = try await client.send(.get, "/api/v1/cache/stats")
            let rows = try #require(stats.body["namespaces"] as? [[String: Any]])
            #expect(rows.map { "\($0["protocol"] ?? "") \($0["namespace"] ?? "") \($0["misses"] ?? "")" } == ["gradle (other) 3", "gradle app 1"], "\(rows)")
            let daily = try #require(try await client.send(.get, "/api/v1/cache/stats/daily?days=1").body["days"] as? [[String: Any]])
            #expect(daily.compactMap { $0["namespace"] as? String } == ["(other)", "app"], "\(daily)")
            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="gradle",namespace="(other)",outcome="miss"} 3"#), "\(metrics)")
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="bazel",namespace="(other)",outcome="absent"} 3"#))
            #expect(metrics.contains(#"mobile_ops_cache_requests_total{protocol="gradle",namespace="app",outcome="miss"} 1"#))
            #expect(!metrics.contains("made-up"))
        }
    }
}
