import Crypto
import Foundation
import NIOCore
import NIOPosix
import _NIOFileSystem
#if canImport(Glibc)
import Glibc
#endif

/// Writing an upload to a new local file while it arrives, as both storages do before they
/// keep it (a folder renames the file into place, a bucket PUTs it): the size limit, the
/// declared length and a content address's SHA-256 are checked while the bytes stream, so a
/// refused upload is never kept anywhere.
struct CacheUpload {
    /// The file written, which must not exist yet.
    let path: String
    /// The largest upload accepted.
    let limit: Int64
    /// The request's `Content-Length`, when it had one.
    let declaredSize: Int64?
    /// The lower-case hex SHA-256 the bytes must have (Bazel's CAS), if any.
    let expectedSHA256: String?

    /// Streams `body` into ``path``.
    /// - Parameter hashing: Whether to work out the bytes' SHA-256 even with no expected one
    ///   (a bucket is told it, and refuses the object when a byte changed on the way).
    /// - Returns: The size, and the SHA-256 when one was worked out.
    /// - Throws: ``CacheRequestError`` (too large, incomplete, digest mismatch), the file
    ///   system's error or the body's; the file may be left for the caller to remove.
    func write<Body: AsyncSequence>(_ body: Body, hashing: Bool, fileSystem: FileSystem) async throws -> (size: Int64, sha256: String?)
    where Body.Element == ByteBuffer {
        let limit = self.limit
        let declaredSize = self.declaredSize
        let expectedSHA256 = self.expectedSHA256
        let hashes = hashing || expectedSHA256 != nil
        return try await fileSystem.withFileHandle(forWritingAt: FilePath(path), options: .newFile(replaceExisting: false)) { handle -> (size: Int64, sha256: String?) in
            try await handle.withBufferedWriter { writer -> (size: Int64, sha256: String?) in
                var size: Int64 = 0
                var hasher = SHA256()
                for try await buffer in body {
                    size += Int64(buffer.readableBytes)
                    guard size <= limit else { throw CacheRequestError.tooLarge(limit: limit) }
                    if hashes { buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) } }
                    _ = try await writer.write(contentsOf: buffer)
                }
                if let declaredSize, declaredSize != size { throw CacheRequestError.incomplete(expected: declaredSize, received: size) }
                guard hashes else { return (size, nil) }
                let actual = hasher.finalize().map { String(format: "%02x", $0) }.joined()
                if let expectedSHA256, actual != expectedSHA256 {
                    throw CacheRequestError.digestMismatch(expected: expectedSHA256, actual: actual)
                }
                return (size, actual)
            }
        }
    }

    /// Creates `folders` and checks the disk of the first has room for `bytes` more beside
    /// `reserve` free bytes, on `threadPool`.
    /// - Throws: ``CacheRequestError/storageFull(_:)`` when it has not; the file system's error.
    static func prepare(_ folders: [String], needing bytes: Int64, reserve: Int64, threadPool: NIOThreadPool) async throws {
        try await threadPool.runIfActive {
            for folder in folders {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            guard let first = folders.first else { return }
            var info = statvfs()
            guard statvfs(first, &info) == 0 else { return }
            let free = Int64(clamping: UInt64(info.f_bavail) &* UInt64(info.f_frsize))
            guard free - bytes >= reserve else {
                throw CacheRequestError.storageFull("\(free) bytes free in \(first), and the cache leaves \(reserve)")
            }
        }
    }

    /// Removes what a failed upload may have left.
    static func discard(_ path: String, threadPool: NIOThreadPool) async {
        _ = try? await threadPool.runIfActive { unlink(path) }
    }
}
