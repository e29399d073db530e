@testable import Artifacts
import Foundation
import Logging
import NIOCore
import Testing
import TestSupport

/// A folder of artifacts on its own, without a server: what is kept, what streams back, and
/// which failures are a lost file (missing) and which a lost volume (unavailable).
@Suite("Artifacts in a folder")
struct FolderArtifactStorageTests {
    /// Every byte `stream` sends, and the size of each chunk it sent them in.
    static func collect(_ stream: ArtifactStream) async throws -> (bytes: [UInt8], chunks: [Int]) {
        var bytes: [UInt8] = []
        var chunks: [Int] = []
        try await stream.send { chunk in
            bytes += Array(chunk.readableBytesView)
            chunks.append(chunk.readableBytes)
        }
        return (bytes, chunks)
    }

    /// Writes `bytes` into `storage`'s staging folder as an upload would, and answers its path.
    static func stage(_ bytes: [UInt8], in storage: FolderArtifactStorage) throws -> String {
        try storage.prepareStaging()
        let path = storage.stagingFolder + "/" + UUID().uuidString
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a staged upload is kept under its name and streams back byte for byte in 64 KiB chunks; removing it twice is fine")
    func roundTrip() async throws {
        let folder = try TemporaryDirectory("artifacts")
        defer { folder.remove() }
        let storage = FolderArtifactStorage(directory: folder.path("kept"), createsFolder: true, logger: Logger(label: "artifacts-test"))
        let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let staged = try Self.stage(bytes, in: storage)

        try await storage.save(staged: staged, as: "kept-name", size: Int64(bytes.count), sha256: "")
        #expect(!FileManager.default.fileExists(atPath: staged), "the staged file is handed over, not copied")
        let stream = try await storage.stream(of: "kept-name", size: Int64(bytes.count))
        #expect(stream.size == Int64(bytes.count))
        let sent = try await Self.collect(stream)
        #expect(sent.bytes == bytes)
        #expect(sent.chunks == [65_536, 65_536, 18_928])

        await storage.remove("kept-name")
        await storage.remove("kept-name")
        await #expect(throws: ArtifactStorageError.missing("its file kept-name is missing from the artifact folder")) {
            try await storage.stream(of: "kept-name", size: 1)
        }
    }

    @Test("a named folder that is not there is an unmounted volume: unavailable, and never created on the local disk")
    func unmountedVolume() async throws {
        let folder = try TemporaryDirectory("artifacts")
        defer { folder.remove() }
        let volume = folder.path("volume")
        let storage = FolderArtifactStorage(directory: volume, createsFolder: false, logger: Logger(label: "artifacts-test"))

        #expect(throws: ArtifactStorageError.unavailable("the artifact folder \(volume) does not exist (is its volume mounted?)")) {
            try storage.prepareStaging()
        }
        await #expect(throws: ArtifactStorageError.unavailable("the artifact folder \(volume) cannot be read")) {
            try await storage.stream(of: "a", size: 1)
        }
        #expect(!FileManager.default.fileExists(atPath: volume))
    }

    @Test("the default folder beside the database, gone: its artifacts are missing (restore it), and the next upload makes it again")
    func defaultFolderGone() async throws {
        let folder = try TemporaryDirectory("artifacts")
        defer { folder.remove() }
        let storage = FolderArtifactStorage(directory: folder.path("artifacts"), createsFolder: true, logger: Logger(label: "artifacts-test"))

        await #expect(throws: ArtifactStorageError.missing("its file a is missing from the artifact folder, which is not there (restore artifacts/ beside the database)")) {
            try await storage.stream(of: "a", size: 1)
        }
        try storage.prepareStaging()
        #expect(FileManager.default.fileExists(atPath: storage.stagingFolder))
    }
}
