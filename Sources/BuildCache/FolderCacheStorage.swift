import Artifacts
import Crypto
import Foundation
import NIOCore
import NIOPosix
import _NIOFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// The build cache's entries as files in one folder (default `cache/` beside the database).
///
/// An entry lives at `entries/<protocol>/<namespace>/<xx>/<sha256 of its key>`: the key's
/// hash, not the key, names the file, so no key can reach outside its folder and a ccache path
/// (`ab/cdef…`) and a flat key (`ab`) never collide as file and folder. An upload is written
/// to `tmp/` (same file system) while it arrives and renamed over the entry only once it is
/// whole and checked, so readers see the old entry or the new one, never part of one; an upload
/// that fails or is cut off leaves nothing, and of two uploads of one key at once the last
/// rename wins whole. The file is synced before its rename, so not even a power cut can leave a
/// cut entry under a key.
///
/// Every file operation runs on the NIO thread pool (through NIOFileSystem or directly),
/// never on Swift's cooperative pool, and no entry is ever held in memory whole.
public struct FolderCacheStorage: CacheStorage {
    /// The folder.
    public let directory: String
    /// The largest entry kept, in bytes (`MOBILE_OPS_CACHE_MAX_ENTRY_BYTES`).
    public let maxEntrySize: Int64
    /// Free space an upload must leave on the folder's disk, in bytes: below it the upload is
    /// refused as if the disk were full, so the database beside it keeps room to write.
    public let minimumFreeBytes: Int64
    /// Where every file operation runs.
    let threadPool: NIOThreadPool
    private let fileSystem: FileSystem

    /// Keeps entries in `directory` (created when missing).
    public init(directory: String, maxEntrySize: Int64 = 100 * 1024 * 1024, minimumFreeBytes: Int64 = 256 * 1024 * 1024, threadPool: NIOThreadPool = .singleton) {
        self.directory = directory
        self.maxEntrySize = maxEntrySize
        self.minimumFreeBytes = minimumFreeBytes
        self.threadPool = threadPool
        self.fileSystem = FileSystem(threadPool: threadPool)
    }

    /// For logs: which folder.
    public var description: String { "folder \(directory)" }

    /// Where `id`'s file is.
    func path(of id: CacheEntryID) -> String {
        "\(directory)/entries/\(id.storageName)"
    }

    /// Where uploads are written while they arrive.
    var temporaryFolder: String { directory + "/tmp" }

    // MARK: Reading

    /// The entry's size, or nil when nothing is kept under `id` (a `HEAD`).
    public func size(of id: CacheEntryID) async throws(CacheRequestError) -> Int64? {
        let path = self.path(of: id)
        do {
            return try await fileSystem.info(forFileAt: FilePath(path), infoAboutSymbolicLink: false)?.size
        } catch let error as FileSystemError where error.code == .notFound {
            // A key whose path runs through a file (ENOTDIR) is as absent as a missing one.
            return nil
        } catch {
            throw .unavailable("cannot read \(path): \(error)")
        }
    }

    /// The entry opened for reading, or nil when nothing is kept under `id` (a `GET`). The
    /// caller sends it and closes it.
    public func open(_ id: CacheEntryID) async throws(CacheRequestError) -> CacheFile? {
        let path = self.path(of: id)
        do {
            return try await CacheFile.open(path, threadPool: threadPool)
        } catch {
            throw .unavailable("cannot read \(path): \(error)")
        }
    }

    /// The entry as a stream that reads its file while it is sent (the file opened now, so
    /// a replacement meanwhile does not change what is sent); nil when nothing is kept.
    public func stream(of id: CacheEntryID) async throws(CacheRequestError) -> ArtifactStream? {
        guard let file = try await open(id) else { return nil }
        return ArtifactStream(size: file.size, contents: file.contents) { write in
            defer { file.close() }
            var offset: Int64 = 0
            while offset < file.size {
                let chunk = try await file.chunk(at: offset)
                offset += Int64(chunk.readableBytes)
                try await write(chunk)
            }
        }
    }

    // MARK: Writing

    /// Streams `body` into a new file and puts it in place of `id`'s entry once it is whole.
    /// - Parameters:
    ///   - declaredSize: The request's `Content-Length`, when it had one: an upload over the
    ///     limit is refused before any byte is read, and one that ends short is not kept.
    ///   - expectedSHA256: For a content-addressed key (Bazel's CAS), the lower-case hex
    ///     SHA-256 the bytes must have, checked while they stream.
    ///   - ready: Called once the upload is accepted (size and free space checked), before the
    ///     body is read: where the server tells a client that waits (`Expect: 100-continue`)
    ///     to send it.
    /// - Returns: The entry's size.
    /// - Throws: ``CacheRequestError`` (too large, digest mismatch, incomplete, full disk,
    ///   storage failure), or the body's own error when the client's upload broke off. Nothing
    ///   is kept under `id` after any error, and the entry kept before (if any) is untouched.
    public func store<Body: AsyncSequence>(
        _ id: CacheEntryID, body: Body, declaredSize: Int64?, expectedSHA256: String? = nil, ready: () async -> Void = {}
    ) async throws -> Int64 where Body.Element == ByteBuffer {
        if let declaredSize, declaredSize > maxEntrySize { throw CacheRequestError.tooLarge(limit: maxEntrySize) }
        let final = path(of: id)
        let temporary = temporaryFolder + "/" + UUID().uuidString.lowercased()
        do {
            try await CacheUpload.prepare(
                [temporaryFolder, (final as NSString).deletingLastPathComponent], needing: declaredSize ?? 0, reserve: minimumFreeBytes,
                threadPool: threadPool)
            await ready()
            let upload = CacheUpload(path: temporary, limit: maxEntrySize, declaredSize: declaredSize, expectedSHA256: expectedSHA256)
            let size = try await upload.write(body, hashing: false, fileSystem: fileSystem).size
            try await commit(temporary, to: final)
            return size
        } catch {
            await CacheUpload.discard(temporary, threadPool: threadPool)
            throw Self.classify(error, writing: final)
        }
    }

    /// Deletes `id`'s entry; false when there was none.
    public func remove(_ id: CacheEntryID) async throws(CacheRequestError) -> Bool {
        let path = self.path(of: id)
        do {
            return try await threadPool.runIfActive {
                guard unlink(path) == 0 else {
                    let failure = errno
                    if failure == ENOENT || failure == ENOTDIR { return false }
                    throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
                }
                return true
            }
        } catch {
            throw .unavailable("cannot delete \(path): \(error)")
        }
    }

    /// Puts the finished upload's bytes on the disk, then renames it over the entry: atomic on
    /// one file system. Without the sync a power cut could keep the rename but not every byte
    /// before it, and a later read would serve a cut entry under a whole one's name.
    private func commit(_ temporary: String, to final: String) async throws {
        try await threadPool.runIfActive {
            let descriptor = Glibc.open(temporary, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let synced = fsync(descriptor) == 0
            let failure = errno
            Glibc.close(descriptor)
            guard synced else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
            guard rename(temporary, final) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }
}
