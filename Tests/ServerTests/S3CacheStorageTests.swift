import Artifacts
import BuildCache
import Core
import Foundation
import Logging
import NIOCore
import Testing

/// The build cache's bucket storage against moto: whole entries both ways, nothing kept of an
/// upload that broke off or was refused, a missing entry answered as none.
@Suite("Build cache entries in an S3 bucket", .timeLimit(.minutes(2)))
struct S3CacheStorageTests {
    struct BrokenOff: Error {}

    /// `chunks`, then `failure` if given.
    static func body(_ chunks: [String], failing failure: (any Error)? = nil) -> AsyncThrowingStream<ByteBuffer, any Error> {
        AsyncThrowingStream { continuation in
            for chunk in chunks { continuation.yield(ByteBuffer(string: chunk)) }
            continuation.finish(throwing: failure)
        }
    }

    @Test("an entry is PUT whole and read back as S3 sends it; HEAD gives its size; a missing one is none; a deletion removes it",
          .enabled(if: S3ArtifactStorageTests.enabled, MotoS3.skipReason))
    func roundTrip() async throws {
        let (moto, credentials) = try await S3ArtifactStorageTests.bucket("entries")
        defer { moto.stop() }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("cache-incoming-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let storage = S3CacheStorage(
            settings: moto.settings(bucket: "entries", prefix: "ci/", credentials), stagingFolder: staging, maxEntrySize: 1_000_000, minimumFreeBytes: 0,
            logger: Logger(label: "test"))
        let id = try CacheEntryID(.ccache, namespace: "team", key: "ab/cdef")
        #expect(try await storage.size(of: id) == nil)
        #expect(try await storage.stream(of: id) == nil)

        let chunks = (0..<40).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0 % 26))), count: 10_000) }
        #expect(try await storage.store(id, body: Self.body(chunks), declaredSize: 400_000, expectedSHA256: nil, ready: {}) == 400_000)
        #expect(try await storage.size(of: id) == 400_000)
        let stream = try #require(try await storage.stream(of: id))
        var received = ByteBuffer()
        try await stream.send { chunk in
            var chunk = chunk
            received.writeBuffer(&chunk)
        }
        #expect(stream.size == 400_000 && String(buffer: received) == chunks.joined())
        #expect(try await moto.objects(in: "entries", prefix: "ci/", credentials) == ["ci/\(id.storageName)": 400_000])
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging).isEmpty, "the staged file goes once it is PUT")

        #expect(try await storage.remove(id))
        #expect(try await storage.size(of: id) == nil)
    }

    @Test("staged uploads this server left over an hour ago are swept, younger ones stay; the bucket is never listed (no moto needed)")
    func stagedFilesSwept() async throws {
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("cache-incoming-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let settings = S3ArtifactSettings(bucket: "never-asked", endpoint: "http://127.0.0.1:9", region: "us-east-1", accessKeyID: "key", secretAccessKey: "secret")
        let storage = S3CacheStorage(settings: settings, stagingFolder: staging, minimumFreeBytes: 0, logger: Logger(label: "test"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let written = await DedicatedThread.run {
            do {
                try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
                for (name, age) in [("old", 7_200.0), ("young", 600.0)] {
                    try Data(name.utf8).write(to: URL(fileURLWithPath: staging + "/" + name))
                    try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: staging + "/" + name)
                }
                return true
            } catch {
                return false
            }
        }
        #expect(written)
        #expect(try await storage.removeStagedFiles(writtenBefore: now.addingTimeInterval(-3_600)) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging) == ["young"])
        #expect(try await storage.removeUnrecordedEntries(writtenBefore: now, recorded: { _, _ in RecordedCacheEntries() }) == 0)
    }

    @Test("an upload cut off, too long, too short or with the wrong digest leaves no object and no staged file",
          .enabled(if: S3ArtifactStorageTests.enabled, MotoS3.skipReason))
    func refusedUploadsLeaveNothing() async throws {
        let (moto, credentials) = try await S3ArtifactStorageTests.bucket("entries")
        defer { moto.stop() }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("cache-incoming-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let storage = S3CacheStorage(
            settings: moto.settings(bucket: "entries", prefix: "", credentials), stagingFolder: staging, maxEntrySize: 100, minimumFreeBytes: 0,
            logger: Logger(label: "test"))
        let id = try CacheEntryID(.gradle, namespace: "app", key: "abc")
        await #expect(throws: BrokenOff.self) {
            _ = try await storage.store(id, body: Self.body(["half"], failing: BrokenOff()), declaredSize: 8, expectedSHA256: nil, ready: {})
        }
        await #expect(throws: CacheRequestError.tooLarge(limit: 100)) {
            _ = try await storage.store(id, body: Self.body([String(repeating: "x", count: 101)]), declaredSize: nil, expectedSHA256: nil, ready: {})
        }
        await #expect(throws: CacheRequestError.incomplete(expected: 8, received: 4)) {
            _ = try await storage.store(id, body: Self.body(["half"]), declaredSize: 8, expectedSHA256: nil, ready: {})
        }
        let cas = try CacheEntryID(.bazel, namespace: "app", key: "cas/\(BuildCacheAPITests.hello.sha256)")
        await #expect(throws: CacheRequestError.self) {
            _ = try await storage.store(cas, body: Self.body(["HELLO"]), declaredSize: 5, expectedSHA256: BuildCacheAPITests.hello.sha256, ready: {})
        }
        #expect(try await moto.objects(in: "entries", prefix: "", credentials).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging).isEmpty)
    }
}
