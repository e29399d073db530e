import Foundation
import NIOCore
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An entry opened for reading: its descriptor pins the file, so a download sends the whole
/// entry it opened even when an upload of the same key replaces it meanwhile.
///
/// Reads run on the NIO thread pool, never on Swift's cooperative pool. The descriptor is
/// closed by ``close()``, or when the last reference goes (a response never sent), so an
/// abandoned download cannot leak it.
public final class CacheFile: Sendable {
    /// The entry's size in bytes, when it was opened.
    public let size: Int64
    private let descriptor: CInt
    private let isOpen = Mutex(true)
    private let threadPool: NIOThreadPool

    /// How much one read asks for.
    static let chunkSize = 256 * 1024

    private init(descriptor: CInt, size: Int64, threadPool: NIOThreadPool) {
        self.descriptor = descriptor
        self.size = size
        self.threadPool = threadPool
    }

    /// Opens the file at `path`; nil when there is none.
    /// - Throws: the errno of a failure other than a missing file.
    static func open(_ path: String, threadPool: NIOThreadPool) async throws -> CacheFile? {
        let opened: (CInt, Int64)? = try await threadPool.runIfActive {
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let failure = errno
                if failure == ENOENT || failure == ENOTDIR { return nil }
                throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                let failure = errno
                Glibc.close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
            }
            return (descriptor, Int64(info.st_size))
        }
        return opened.map { CacheFile(descriptor: $0.0, size: $0.1, threadPool: threadPool) }
    }

    /// The next chunk of the entry from `offset` (at most 256 KiB); a caller sends the entry by
    /// asking from 0 until it has ``size`` bytes.
    /// - Throws: a read's errno, or `POSIXError(.EIO)` when the file ends before ``size``.
    public func chunk(at offset: Int64) async throws -> ByteBuffer {
        let count = Int(max(0, min(Int64(Self.chunkSize), size - offset)))
        let descriptor = self.descriptor
        let chunk = try await threadPool.runIfActive {
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            _ = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer throws(POSIXError) -> Int in
                let read = pread(descriptor, pointer.baseAddress, count, off_t(offset))
                guard read >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                return read
            }
            return buffer
        }
        guard chunk.readableBytes > 0 || count == 0 else { throw POSIXError(.EIO) }
        return chunk
    }

    /// Closes the descriptor; later calls do nothing.
    public func close() {
        let wasOpen = isOpen.withLock { open in
            defer { open = false }
            return open
        }
        if wasOpen { Glibc.close(descriptor) }
    }

    deinit {
        close()
    }
}
