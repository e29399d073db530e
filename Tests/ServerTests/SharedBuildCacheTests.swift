import Artifacts
import BuildCache
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import PostgresSupport
import Store
import Testing
@testable import Server

/// The build cache in a bucket (`MOBILE_OPS_CACHE=s3://…`): two servers on one PostgreSQL
/// database and one S3 (moto) serve each other's entries, count into one set of totals, and
/// evict from the store's sizes and last accesses, never listing the bucket.
@Suite("Two servers on one database share the build cache through a bucket", .timeLimit(.minutes(3)))
struct SharedBuildCacheTests {
    @Test("an entry stored through server A is served by server B (GET, HEAD), deleted through B, evicted by A; a refused upload leaves no object",
          .enabled(if: SharedArtifactsTests.postgres && S3ArtifactStorageTests.enabled, "needs MOBILE_OPS_TEST_POSTGRES_URL and moto (make test sets both up)"))
    func acrossTwoServers() async throws {
        let (moto, credentials) = try await S3ArtifactStorageTests.bucket("build-cache")
        defer { moto.stop() }
        let scratch = try await PostgresScratchDatabase.create()
        do {
            let database = try PostgresLocation(url: scratch.url)
            let configure: (inout ServerConfiguration) -> Void = {
                $0.postgres = database
                $0.cache.s3 = moto.settings(bucket: "build-cache", prefix: "cache/", credentials)
                $0.cache.maxBytes = 4_000
            }
            let serverA = try await TestServer.make(configure: configure)
            let serverB = try await TestServer.make(configure: configure)
            defer { try? FileManager.default.removeItem(at: serverB.directory) }
            let applicationB = serverB.server.makeApplication()
            let evictor = try await serverA.server.container.resolve(CacheEvictor.self)
            let write = CacheClient.basic(TestServer.adminToken)
            let first = String(repeating: "a", count: 2_000)
            let second = String(repeating: "b", count: 2_000)
            try await serverA.test { a in
                try await applicationB.test(.router) { b in
                    #expect(try await CacheClient.send(b, .get, "/cache/gradle/app/k1", authorization: write).status == .notFound)
                    #expect(try await CacheClient.send(a, .put, "/cache/gradle/app/k1", authorization: write, body: first).status == .created)
                    #expect(try await CacheClient.send(b, .get, "/cache/gradle/app/k1", authorization: write).text == first, "stored through A, served by B")
                    let cas = "/cache/bazel/app/cas/\(BuildCacheAPITests.hello.sha256)"
                    #expect(try await CacheClient.send(b, .put, cas, authorization: write, body: BuildCacheAPITests.hello.text).status == .created)
                    let head = try await CacheClient.send(a, .head, cas, authorization: write)
                    #expect(head.status == .ok && head.headers[.contentLength] == "5", "\(head.headers)")
                    let mismatch = try await CacheClient.send(a, .put, "/cache/bazel/app/cas/\(String(repeating: "0", count: 64))", authorization: write, body: "HELLO")
                    #expect(mismatch.status == .badRequest && mismatch.errorCode == "digest_mismatch")
                    #expect(try await CacheClient.send(b, .put, "/cache/ccache/app/ab/cd", authorization: write, body: "object").status == .created)
                    #expect(try await CacheClient.send(a, .delete, "/cache/ccache/app/ab/cd", authorization: write).status == .noContent)
                    #expect(try await CacheClient.send(b, .get, "/cache/ccache/app/ab/cd", authorization: write).status == .notFound)
                    // Two objects in the bucket (k1 and the CAS entry): never the refused one, nor the deleted one.
                    #expect(try await moto.objects(in: "build-cache", prefix: "cache/", credentials).count == 2)

                    // Past the 4,000-byte cap, A's evictor deletes the least recently used entry,
                    // from the store's facts both servers wrote.
                    #expect(try await CacheClient.send(b, .put, "/cache/gradle/app/k2", authorization: write, body: second).status == .created)
                    _ = try await CacheClient.send(a, .get, "/cache/gradle/app/k1", authorization: write)
                    _ = try await CacheClient.send(b, .get, "/cache/bazel/app/cas/\(BuildCacheAPITests.hello.sha256)", authorization: write)
                    _ = try await b.send(.get, "/api/v1/cache/stats")
                    let evicted = await evictor.evictOnce()
                    #expect(evicted == 1, "the evictor removed \(evicted) entries")
                    #expect(try await CacheClient.send(a, .get, "/cache/gradle/app/k2", authorization: write).status == .notFound)
                    #expect(try await CacheClient.send(b, .get, "/cache/gradle/app/k1", authorization: write).text == first)
                    #expect(try await moto.objects(in: "build-cache", prefix: "cache/", credentials).count == 2)

                    // One set of totals: A's and B's counts together.
                    _ = try await a.send(.get, "/api/v1/cache/stats")
                    let stats = try await b.send(.get, "/api/v1/cache/stats")
                    let gradle = try #require((stats.body["namespaces"] as? [[String: Any]])?.first { $0["protocol"] as? String == "gradle" })
                    #expect(gradle["uploads"] as? Int == 2 && gradle["hits"] as? Int == 3 && gradle["misses"] as? Int == 2, "\(gradle)")
                    #expect(gradle["evictions"] as? Int == 1 && gradle["entries"] as? Int == 1 && gradle["entryBytes"] as? Int == 2_000)
                }
            }
            if let database = try? await serverB.server.container.resolve((any StoreDatabase).self) { await database.close() }
            try await scratch.drop()
        } catch {
            try? await scratch.drop()
            throw error
        }
    }
}
