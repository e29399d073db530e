import Artifacts
import Foundation
import NIOCore

/// A ``CacheStorage`` that keeps the small entries it reads in ``RecentSmallEntries`` and
/// forgets each one it stores, deletes or evicts, so that what is remembered is what the
/// storage holds (on this server; see ``RecentSmallEntries/freshness`` for the others).
///
/// Every read goes to the storage: the copies are for the server's shortcut, which answers
/// a hit from them before a request reaches a route.
public struct RememberingCacheStorage: CacheStorage {
    private let storage: any CacheStorage
    /// The copies.
    public let memory: RecentSmallEntries

    /// `storage`, remembered in `memory`.
    public init(_ storage: any CacheStorage, memory: RecentSmallEntries) {
        self.storage = storage
        self.memory = memory
    }

    /// The storage's own description.
    public var description: String { storage.description }

    /// The storage's entry limit.
    public var maxEntrySize: Int64 { storage.maxEntrySize }

    /// The storage's answer: a `HEAD` sends no bytes, so there is nothing to remember.
    public func size(of id: CacheEntryID) async throws(CacheRequestError) -> Int64? {
        try await storage.size(of: id)
    }

    /// The storage's stream; an entry the storage read whole (one chunk) and small enough is
    /// remembered, unless it changed while it was read.
    public func stream(of id: CacheEntryID) async throws(CacheRequestError) -> ArtifactStream? {
        let ticket = memory.ticket()
        let stream = try await storage.stream(of: id)
        if let contents = stream?.contents { memory.remember(id, bytes: contents, ticket: ticket) }
        return stream
    }

    /// Stores through the storage, then forgets the entry.
    public func store<Body: AsyncSequence>(
        _ id: CacheEntryID, body: Body, declaredSize: Int64?, expectedSHA256: String?, ready: () async -> Void
    ) async throws -> Int64 where Body.Element == ByteBuffer {
        // Forgotten once the new entry is in place (or the upload failed, which leaves the old
        // one): until then the old copy is what the storage holds.
        defer { memory.forget(id) }
        return try await storage.store(id, body: body, declaredSize: declaredSize, expectedSHA256: expectedSHA256, ready: ready)
    }

    /// Deletes through the storage, then forgets the entry.
    public func remove(_ id: CacheEntryID) async throws(CacheRequestError) -> Bool {
        defer { memory.forget(id) }
        return try await storage.remove(id)
    }

    /// The storage's sweep of unfinished uploads, which are no entries.
    public func removeStagedFiles(writtenBefore cutoff: Date) async throws(CacheRequestError) -> Int {
        try await storage.removeStagedFiles(writtenBefore: cutoff)
    }

    /// The storage's sweep of unrecorded entries; it names none, so every copy is forgotten.
    public func removeUnrecordedEntries(
        writtenBefore cutoff: Date, recorded: (CacheProtocol, String) async -> RecordedCacheEntries?
    ) async throws(CacheRequestError) -> Int {
        defer { memory.forgetAll() }
        return try await storage.removeUnrecordedEntries(writtenBefore: cutoff, recorded: recorded)
    }
}
