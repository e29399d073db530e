import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An error a store backend's database library throws that can tell whether it means a full
/// disk (StoreSQLite makes GRDB's `DatabaseError` one), so that `Store` recognises a full disk
/// without linking that library.
package protocol StorageFullRecognizing: Error {
    /// Whether this error says a write to a file in `folder` found no space.
    func isOutOfSpace(folder: String?) -> Bool
    /// The error's code and message, for the log.
    var storageSummary: String { get }
}

/// Recognising a full disk, so that every caller sees one ``StoreError/storageFull(_:)``
/// instead of SQLite's codes or Foundation's errno wrappers.
extension StoreError {
    /// Free space (bytes) below which an ambiguous I/O error counts as a full disk (see
    /// ``isOutOfSpace(_:folder:)``). Larger than any single write SQLite makes (a few pages),
    /// far smaller than a working disk's margin.
    package static let nearlyFullBytes: UInt64 = 1 << 20

    /// The store's error for `error`, a failed database call or file write: ``storageFull(_:)``
    /// when the disk ran out of space, else ``database(_:)`` with the underlying message.
    /// - Parameters:
    ///   - writing: What was being written, for the log ("the database", "an artifact").
    ///   - folder: Where it was written; consulted only for I/O errors that do not say why.
    public init(_ error: any Error, writing: String, folder: String?) {
        if let error = error as? StoreError {
            self = error
        } else if Self.isOutOfSpace(error, folder: folder) {
            self = .storageFull("writing \(writing) failed: \(Self.summary(of: error))")
        } else {
            self = .database("\(error)")
        }
    }

    /// Whether the error is this case.
    public var isStorageFull: Bool {
        if case .storageFull = self { return true }
        return false
    }

    /// Whether `error` says a write found no space: a database library's error asks the
    /// library (``StorageFullRecognizing``), a file write's error is read from its errno.
    package static func isOutOfSpace(_ error: any Error, folder: String?) -> Bool {
        switch error {
        case let error as StoreError:
            return error.isStorageFull
        case let error as any StorageFullRecognizing:
            return error.isOutOfSpace(folder: folder)
        case let error as POSIXError:
            return error.code == .ENOSPC || error.code == .EDQUOT
        default:
            return isOutOfSpace(NSError: error as NSError)
        }
    }

    /// Foundation's file writes throw `CocoaError.fileWriteOutOfSpace` with the errno as
    /// the underlying error (swift-corelibs-foundation), or the errno itself.
    private static func isOutOfSpace(NSError error: NSError) -> Bool {
        if error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileWriteOutOfSpace.rawValue { return true }
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ENOSPC) || error.code == Int(EDQUOT) { return true }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return isOutOfSpace(NSError: underlying)
    }

    /// Bytes this process may still write in `folder`'s file system (root may use the
    /// blocks reserved for it), or nil when it cannot be asked.
    package static func freeBytes(in folder: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        let blocks = geteuid() == 0 ? UInt64(info.f_bfree) : UInt64(info.f_bavail)
        return blocks * UInt64(info.f_frsize)
    }

    /// The database library's code and message, or the error's own text.
    private static func summary(of error: any Error) -> String {
        (error as? any StorageFullRecognizing)?.storageSummary ?? "\(error)"
    }
}
