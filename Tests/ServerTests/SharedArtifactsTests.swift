import Artifacts
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PostgresSupport
import Store
import Testing
import TestSupport
@testable import Server

/// Why several servers need `MOBILE_OPS_ARTIFACTS`: two servers on one PostgreSQL database,
/// each with its own disk, share artifacts only through a bucket or a shared folder. An
/// artifact uploaded through one downloads through the other, and a replacement through the
/// other deletes the first one's bytes.
@Suite("Two servers on one database share artifacts through a bucket or a shared folder", .timeLimit(.minutes(10)))
struct SharedArtifactsTests {
    /// Needs the test PostgreSQL server (`make test` starts one); the bucket also needs moto.
    static let postgres = PostgresScratchDatabase.serverURL != nil || MotoS3.required

    @Test("an artifact uploaded through server A downloads through server B, from an S3 bucket",
          .enabled(if: postgres && S3ArtifactStorageTests.enabled, "needs MOBILE_OPS_TEST_POSTGRES_URL and moto (make test sets both up)"))
    func throughABucket() async throws {
        let (moto, credentials) = try await S3ArtifactStorageTests.bucket("shared")
        defer { moto.stop() }
        let location = ArtifactLocation.s3(moto.settings(bucket: "shared", prefix: "ci/", credentials))
        let kept = try await Self.acrossTwoServers(location)
        #expect(try await moto.objects(in: "shared", prefix: "ci/", credentials).values.sorted() == [kept])
    }

    @Test("an artifact uploaded through server A downloads through server B, from a shared folder",
          .enabled(if: postgres, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)"))
    func throughASharedFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-volume-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = try await Self.acrossTwoServers(.folder(folder.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "incoming" }
        #expect(files.count == 1, "\(files)")
        #expect((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(files[0]).path)[.size] as? Int) == kept)
    }

    /// Composes two servers, each in a folder of its own, on one scratch PostgreSQL database and
    /// `location`: uploads through A, downloads through B, replaces through B and downloads
    /// through A. Answers the size of the one artifact left.
    static func acrossTwoServers(_ location: ArtifactLocation) async throws -> Int {
        let scratch = try await PostgresScratchDatabase.create()
        do {
            let database = try PostgresLocation(url: scratch.url)
            let configure: (inout ServerConfiguration) -> Void = {
                $0.postgres = database
                $0.artifacts = location
            }
            let serverA = try await TestServer.make(configure: configure)
            let serverB = try await TestServer.make(configure: configure)
            defer { try? FileManager.default.removeItem(at: serverB.directory) }
            let applicationB = serverB.server.makeApplication()
            let bytes = await TestBytes.make(1_500_000)
            try await serverA.test { a in
                try await applicationB.test(.router) { b in
                    let (agent, job) = try await ArtifactAPITests.runningJob(a)
                    let uploaded = try await S3ArtifactStorageTests.upload(a, job: job, path: "build/App.apk", bytes: bytes, token: agent)
                    #expect(uploaded.status == .created, "\(uploaded.body)")
                    let first = try #require(uploaded.body["id"] as? Int)
                    #expect(try await Self.download(first, from: b) == bytes, "uploaded through A, downloaded through B")

                    let replaced = try await S3ArtifactStorageTests.upload(b, job: job, path: "build/App.apk", bytes: [7, 7, 7], token: agent)
                    #expect(replaced.status == .created, "\(replaced.body)")
                    let second = try #require(replaced.body["id"] as? Int)
                    #expect(try await Self.download(second, from: a) == [7, 7, 7], "replaced through B, downloaded through A")
                }
            }
            // B's pool closes before its database is dropped (A's closed at the end of its test).
            if let database = try? await serverB.server.container.resolve((any StoreDatabase).self) { await database.close() }
            try await scratch.drop()
            return 3
        } catch {
            try? await scratch.drop()
            throw error
        }
    }

    /// The bytes of artifact `id` as `client` serves them; fails on another status.
    static func download(_ id: Int, from client: some TestClientProtocol) async throws -> [UInt8] {
        try await client.execute(uri: "/api/v1/artifacts/\(id)", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"]) { response in
            #expect(response.status == .ok)
            return Array(response.body.readableBytesView)
        }
    }
}
