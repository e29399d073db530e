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
    private let isOpen: Mutex<Bool>
    private let threadPool: NIOThreadPool

    /// How much one read asks for.
    static let chunkSize = 256 * 1024

    /// The whole entry, when it fits in one chunk: read by ``open(_:threadPool:)`` in the same
    /// job as the open, its descriptor closed there (one hop to the pool for a small entry, not two).
    public let contents: ByteBuffer?

    private init(descriptor: CInt, size: Int64, contents: ByteBuffer?, threadPool: NIOThreadPool) {
        self.descriptor = descriptor
        self.size = size
        self.contents = contents
        self.isOpen = Mutex(contents == nil)
        self.threadPool = threadPool
    }

    /// Opens the file at `path`; nil when there is none.
    /// - Throws: the errno of a failure other than a missing file.
    static func open(_ path: String, threadPool: NIOThreadPool) async throws -> CacheFile? {
        let opened: (CInt, Int64, ByteBuffer?)? = try await threadPool.runIfActive {
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
            let size = Int64(info.st_size)
            guard size <= Int64(chunkSize) else { return (descriptor, size, nil) }
            defer { Glibc.close(descriptor) }
            let count = Int(size)
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let read = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer throws(POSIXError) -> Int in
                let read = pread(descriptor, pointer.baseAddress, count, 0)
                guard read >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                return read
            }
            guard read == count else { throw POSIXError(.EIO) }
            return (-1, size, buffer)
        }
        return opened.map { CacheFile(descriptor: $0.0, size: $0.1, contents: $0.2, threadPool: threadPool) }
    }

    /// The next chunk of the entry from `offset` (at most 256 KiB); a caller sends the entry by
    /// asking from 0 until it has ``size`` bytes.
    /// - Throws: a read's errno, or `POSIXError(.EIO)` when the file ends before ``size``.
    public func chunk(at offset: Int64) async throws -> ByteBuffer {
        if let contents { return offset == 0 ? contents : ByteBuffer() }
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
