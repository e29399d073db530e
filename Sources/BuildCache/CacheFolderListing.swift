import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// The file work of the build cache's sweep (``CacheSweeper``): listing one folder, and
/// deleting files that are still older than a cutoff.
///
/// Each call is one job on the NIO thread pool, never on Swift's cooperative pool, and covers
/// one folder (an entry folder holds 1/256 of a namespace's entries): a sweep of a large cache
/// is many short jobs, so the uploads and downloads that share the pool are served between them.
enum CacheFolderListing {
    /// The names of the folders in `folder`; none when it does not exist.
    static func folders(in folder: String, threadPool: NIOThreadPool) async throws -> [String] {
        try await threadPool.runIfActive {
            try names(in: folder).filter { name in
                var info = stat()
                return lstat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
        }
    }

    /// The names of the regular files in `folder` last written before `cutoff`; none when the
    /// folder does not exist.
    static func files(in folder: String, writtenBefore cutoff: Date, threadPool: NIOThreadPool) async throws -> [String] {
        try await threadPool.runIfActive {
            try names(in: folder).filter { name in
                guard let written = lastWrite(of: folder + "/" + name) else { return false }
                return written < cutoff
            }
        }
    }

    /// Deletes each of `paths` that is still a regular file last written before `cutoff` (one
    /// may have been replaced by an upload since it was listed); answers how many went.
    static func remove(_ paths: [String], writtenBefore cutoff: Date, threadPool: NIOThreadPool) async throws -> Int {
        guard !paths.isEmpty else { return 0 }
        return try await threadPool.runIfActive {
            var removed = 0
            for path in paths {
                guard let written = lastWrite(of: path), written < cutoff else { continue }
                if unlink(path) == 0 { removed += 1 }
            }
            return removed
        }
    }

    /// Deletes the files of `folder` (a staging folder) last written before `cutoff`; answers
    /// how many went.
    static func removeFiles(in folder: String, writtenBefore cutoff: Date, threadPool: NIOThreadPool) async throws(CacheRequestError) -> Int {
        do {
            let stale = try await files(in: folder, writtenBefore: cutoff, threadPool: threadPool)
            return try await remove(stale.map { folder + "/" + $0 }, writtenBefore: cutoff, threadPool: threadPool)
        } catch {
            throw .unavailable("cannot sweep \(folder): \(error)")
        }
    }

    /// The names in `folder`; none when it does not exist.
    private static func names(in folder: String) throws -> [String] {
        var info = stat()
        guard lstat(folder, &info) == 0 else {
            let failure = errno
            if failure == ENOENT || failure == ENOTDIR { return [] }
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder)
    }

    /// When the regular file at `path` was last written; nil when it is gone or no regular file.
    private static func lastWrite(of path: String) -> Date? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1_000_000_000)
    }
}
