import GRDB
import Store

/// SQLite's own ways of saying the disk is full, for ``StoreError/init(_:writing:folder:)``.
extension DatabaseError: StorageFullRecognizing {
    /// SQLite answers `SQLITE_FULL` when a write returns ENOSPC. Some failures that are also
    /// the disk's fault carry only an I/O code: growing the `-shm` file (`IOERR_SHMSIZE`),
    /// `fsync` on file systems that allocate late (`IOERR_FSYNC`), a quota (`IOERR_WRITE`).
    /// SQLite keeps the errno to itself, so these count as full only when the folder really
    /// is nearly out of space; otherwise they are the real I/O errors they say they are.
    package func isOutOfSpace(folder: String?) -> Bool {
        if resultCode == .SQLITE_FULL { return true }
        let ambiguous: [ResultCode] = [.SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_DIR_FSYNC, .SQLITE_IOERR_TRUNCATE, .SQLITE_IOERR_SHMSIZE]
        guard ambiguous.contains(extendedResultCode), let folder, let free = StoreError.freeBytes(in: folder) else { return false }
        return free < StoreError.nearlyFullBytes
    }

    /// SQLite's code and message.
    package var storageSummary: String {
        "SQLite error \(extendedResultCode.rawValue): \(message ?? "\(resultCode)")"
    }
}
