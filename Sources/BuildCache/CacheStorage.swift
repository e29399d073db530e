import Artifacts
import Foundation
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

    /// Deletes the files uploads left in the local folder they are written to while they
    /// arrive (`tmp/`, `cache-incoming/`) that were last written before `cutoff`: what a server
    /// stopped in the middle of an upload (killed, or the power cut) leaves. Answers how many went.
    func removeStagedFiles(writtenBefore cutoff: Date) async throws(CacheRequestError) -> Int

    /// Deletes the entries last written before `cutoff` that `recorded` (the store's keys in a
    /// protocol and namespace; nil when they cannot be read, and that namespace is skipped)
    /// does not name: entries stored just before a crash whose facts never reached the store,
    /// which eviction, reading the store, would never delete. Answers how many went.
    func removeUnrecordedEntries(
        writtenBefore cutoff: Date, recorded: (CacheProtocol, String) async -> RecordedCacheEntries?
    ) async throws(CacheRequestError) -> Int
}
