import Artifacts
import NIOCore

/// Where the build cache's entries are kept: a folder (``FolderCacheStorage``, the default) or
/// an S3-compatible bucket shared by every replica (``S3CacheStorage``), chosen at
/// composition from `MOBILE_OPS_CACHE`. The server's cache routes and the evictor see only
/// this.
///
/// Both stream both ways: no entry is ever held in memory whole, an upload is kept only once
/// it is whole and checked (size, declared length, a content address's SHA-256), and readers
/// see the old entry or the new one, never part of one.
public protocol CacheStorage: Sendable, CustomStringConvertible {
    /// The largest entry kept, in bytes (`MOBILE_OPS_CACHE_MAX_ENTRY_BYTES`).
    var maxEntrySize: Int64 { get }

    /// The entry's size, or nil when nothing is kept under `id` (a `HEAD`).
    func size(of id: CacheEntryID) async throws(CacheRequestError) -> Int64?

    /// The entry, opened and read while it is sent; nil when nothing is kept under `id`.
    func stream(of id: CacheEntryID) async throws(CacheRequestError) -> ArtifactStream?

    /// Streams `body` in and keeps it as `id`'s entry once it is whole (see
    /// ``FolderCacheStorage/store(_:body:declaredSize:expectedSHA256:ready:)``).
    /// - Returns: The entry's size.
    /// - Throws: ``CacheRequestError``, or the body's own error; nothing is kept after any.
    func store<Body: AsyncSequence>(
        _ id: CacheEntryID, body: Body, declaredSize: Int64?, expectedSHA256: String?, ready: () async -> Void
    ) async throws -> Int64 where Body.Element == ByteBuffer

    /// Deletes `id`'s entry; false when there surely was none.
    func remove(_ id: CacheEntryID) async throws(CacheRequestError) -> Bool
}
