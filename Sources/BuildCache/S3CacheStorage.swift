import Artifacts
import Foundation
import Logging
import NIOCore
import NIOPosix
import _NIOFileSystem

/// The build cache's entries as objects in an S3-compatible bucket
/// (`MOBILE_OPS_CACHE=s3://bucket/prefix`, the artifacts' client and `MOBILE_OPS_S3_*`
/// settings), so every replica serves what any of them stored.
///
/// An entry is the object `<prefix><protocol>/<namespace>/<xx>/<sha256 of its key>`. An upload
/// streams into a local file in ``stagingFolder`` while it arrives (size, length and a CAS
/// digest checked as for a folder), then is PUT from that file in one request signed with its
/// SHA-256: S3 makes an object visible only once its PUT completes, and refuses it if a byte
/// changed on the way, so readers never see part of an entry. A download is passed on from S3
/// as it arrives. The bucket is never listed: eviction reads sizes and last accesses from the
/// store (``CacheEvictor``).
public struct S3CacheStorage: CacheStorage {
    /// The largest entry kept, in bytes.
    public let maxEntrySize: Int64
    /// Free space an upload must leave on the staging folder's disk, in bytes.
    public let minimumFreeBytes: Int64
    /// The local folder uploads are written to before they are PUT.
    public let stagingFolder: String
    /// The bucket, through the artifacts' S3 client.
    private let bucket: S3ArtifactStorage
    private let threadPool: NIOThreadPool
    private let fileSystem: FileSystem

    /// Keeps entries in `settings`' bucket, staging uploads in `stagingFolder`.
    public init(
        settings: S3ArtifactSettings, stagingFolder: String, maxEntrySize: Int64 = 100 * 1024 * 1024, minimumFreeBytes: Int64 = 256 * 1024 * 1024,
        logger: Logger, threadPool: NIOThreadPool = .singleton
    ) {
        self.maxEntrySize = maxEntrySize
        self.minimumFreeBytes = minimumFreeBytes
        self.stagingFolder = stagingFolder
        self.bucket = S3ArtifactStorage(settings: settings, stagingFolder: stagingFolder, setting: "MOBILE_OPS_CACHE", logger: logger)
        self.threadPool = threadPool
        self.fileSystem = FileSystem(threadPool: threadPool)
    }

    /// For logs: bucket, prefix and endpoint, never the keys.
    public var description: String { "bucket \(bucket.settings.description)" }

    // MARK: Reading

    /// A `HEAD` of the object.
    public func size(of id: CacheEntryID) async throws(CacheRequestError) -> Int64? {
        do {
            return try await bucket.size(of: id.storageName)
        } catch {
            throw .unavailable(error.description)
        }
    }

    /// The object as S3 sends it; nil when there is none.
    public func stream(of id: CacheEntryID) async throws(CacheRequestError) -> ArtifactStream? {
        do {
            return try await bucket.stream(of: id.storageName, expectedSize: nil)
        } catch {
            if case .missing = error { return nil }
            throw .unavailable(error.description)
        }
    }

    // MARK: Writing

    /// Streams `body` into a staged file, then PUTs it as `id`'s object once it is whole and
    /// checked; see ``FolderCacheStorage/store(_:body:declaredSize:expectedSHA256:ready:)``.
    public func store<Body: AsyncSequence>(
        _ id: CacheEntryID, body: Body, declaredSize: Int64?, expectedSHA256: String? = nil, ready: () async -> Void = {}
    ) async throws -> Int64 where Body.Element == ByteBuffer {
        if let declaredSize, declaredSize > maxEntrySize { throw CacheRequestError.tooLarge(limit: maxEntrySize) }
        let staged = stagingFolder + "/" + UUID().uuidString.lowercased()
        do {
            try await CacheUpload.prepare([stagingFolder], needing: declaredSize ?? 0, reserve: minimumFreeBytes, threadPool: threadPool)
            await ready()
            let upload = CacheUpload(path: staged, limit: maxEntrySize, declaredSize: declaredSize, expectedSHA256: expectedSHA256)
            let (size, sha256) = try await upload.write(body, hashing: true, fileSystem: fileSystem)
            // `save` removes the staged file, whether or not S3 took it.
            do {
                try await bucket.save(staged: staged, as: id.storageName, size: size, sha256: sha256 ?? "")
            } catch {
                throw CacheRequestError.unavailable(error.description)
            }
            return size
        } catch {
            await CacheUpload.discard(staged, threadPool: threadPool)
            throw FolderCacheStorage.classify(error, writing: staged)
        }
    }

    /// DELETEs the object. S3 does not say whether there was one, so this answers true.
    public func remove(_ id: CacheEntryID) async throws(CacheRequestError) -> Bool {
        do {
            // S3's DELETE answers 204 whether or not the object was there: ask first, so an
            // eviction of a row another server's late flush left is not counted as one.
            guard try await bucket.size(of: id.storageName) != nil else { return false }
            try await bucket.delete(id.storageName)
            return true
        } catch {
            throw .unavailable(error.description)
        }
    }

    // MARK: Sweeping

    /// Deletes the files of ``stagingFolder`` (this server's own) last written before `cutoff`:
    /// uploads this server was stopped in the middle of.
    public func removeStagedFiles(writtenBefore cutoff: Date) async throws(CacheRequestError) -> Int {
        try await CacheFolderListing.removeFiles(in: stagingFolder, writtenBefore: cutoff, threadPool: threadPool)
    }

    /// Nothing: the bucket is never listed (every listing costs requests, and a large bucket
    /// many), so an object whose facts a crash lost stays until it is stored again or deleted.
    public func removeUnrecordedEntries(
        writtenBefore cutoff: Date, recorded: (CacheProtocol, String) async -> RecordedCacheEntries?
    ) async throws(CacheRequestError) -> Int {
        0
    }
}
