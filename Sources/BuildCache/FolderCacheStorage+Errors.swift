import Foundation
import Store
import _NIOFileSystem

extension FolderCacheStorage {
    /// A failed upload's error as the answer it gets: a full disk (`ENOSPC`, `EDQUOT`, however
    /// wrapped) is ``CacheRequestError/storageFull(_:)``, another file-system failure
    /// ``CacheRequestError/unavailable(_:)``; the cache's own refusals and the client's broken
    /// body pass unchanged.
    static func classify(_ error: any Error, writing path: String) -> any Error {
        switch error {
        case is CacheRequestError:
            return error
        case _ where isOutOfSpace(error):
            return CacheRequestError.storageFull("writing \(path) failed: \(error)")
        case is FileSystemError, is POSIXError, is CocoaError:
            return CacheRequestError.unavailable("writing \(path) failed: \(error)")
        default:
            return error
        }
    }

    /// Whether `error` says the disk has no space: NIOFileSystem's errors carry the errno in
    /// their causes, Foundation's through the store's recogniser.
    static func isOutOfSpace(_ error: any Error) -> Bool {
        switch error {
        case let error as FileSystemError:
            return error.cause.map(isOutOfSpace) ?? false
        case let error as FileSystemError.SystemCallError:
            return error.errno == .noSpace || error.errno == .diskQuotaExceeded
        case let error as Errno:
            return error == .noSpace || error == .diskQuotaExceeded
        default:
            return StoreError.isOutOfSpace(error, folder: nil)
        }
    }
}
