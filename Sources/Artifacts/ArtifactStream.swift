import NIOCore

/// A kept artifact's bytes, read from the storage while they are sent, never whole.
///
/// The storage opens what it reads (a file, an S3 download) before it hands a stream out, so
/// a missing or unreadable artifact is refused before the server sends a response head; the
/// server then passes the chunks on to the client at the pace the client takes them.
public struct ArtifactStream: Sendable {
    /// How many bytes the stream holds (what was uploaded).
    public let size: Int64
    /// Reads the bytes and hands each chunk to its argument, waiting for it before reading on.
    private let produce: @Sendable (_ write: (ByteBuffer) async throws -> Void) async throws -> Void

    /// All the bytes, when the storage read them already (an entry of one chunk): the server
    /// sends them with the response head in one write.
    public let contents: ByteBuffer?

    /// A stream of `size` bytes that `produce` reads and hands over chunk by chunk.
    public init(size: Int64, contents: ByteBuffer? = nil, produce: @escaping @Sendable (_ write: (ByteBuffer) async throws -> Void) async throws -> Void) {
        self.size = size
        self.contents = contents
        self.produce = produce
    }

    /// Reads the bytes, handing each chunk to `write` before the next is read.
    /// - Throws: what reading or `write` threw; the rest of the bytes are not read.
    public func send(to write: (ByteBuffer) async throws -> Void) async throws {
        try await self.produce(write)
    }
}
