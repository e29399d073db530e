import Artifacts
import Core
import Foundation
import NIOCore
import Testing
import TestSupport
@testable import BuildCache

/// The copies of small entries the server's shortcut answers from: kept only while they are
/// what the storage holds.
@Suite("Build cache: small entries remembered")
struct RememberingCacheStorageTests {
    static func withStorage(_ body: (RememberingCacheStorage, ManualClock, TemporaryDirectory) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("build-cache")
        defer { directory.remove() }
        let clock = ManualClock(at: DateShift.now)
        let folder = FolderCacheStorage(directory: directory.path, maxEntrySize: 1 << 20, minimumFreeBytes: 0)
        try await body(RememberingCacheStorage(folder, memory: RecentSmallEntries(clock: clock)), clock, directory)
    }

    /// Reads `id` through the storage as the cache's `GET` does.
    static func read(_ storage: some CacheStorage, _ id: CacheEntryID) async throws -> String? {
        guard let stream = try await storage.stream(of: id) else { return nil }
        var bytes = ByteBuffer()
        try await stream.send { chunk in
            var chunk = chunk
            bytes.writeBuffer(&chunk)
        }
        return String(buffer: bytes)
    }

    /// Stores `text` as `id`'s entry, as an upload does.
    static func store(_ storage: some CacheStorage, _ id: CacheEntryID, _ text: String) async throws {
        _ = try await storage.store(id, body: Uploads.body([text]), declaredSize: nil, expectedSHA256: nil) {}
    }

    static func remembered(_ storage: RememberingCacheStorage, _ id: CacheEntryID) -> String? {
        storage.memory.bytes(of: id).map { String(buffer: $0) }
    }

    @Test("a small entry read is remembered; a large one, a miss and an unread one are not")
    func remembersSmallReads() async throws {
        try await Self.withStorage { storage, _, _ in
            let small = try CacheEntryID(.gradle, namespace: "ns", key: "small")
            let large = try CacheEntryID(.gradle, namespace: "ns", key: "large")
            _ = try await storage.store(small, body: Uploads.body(["hello"]), declaredSize: 5, expectedSHA256: nil) {}
            let big = String(repeating: "x", count: RecentSmallEntries.maxEntrySize + 1)
            try await Self.store(storage, large, big)
            #expect(Self.remembered(storage, small) == nil, "stored but never read")

            #expect(try await Self.read(storage, small) == "hello")
            #expect(try await Self.read(storage, large) == big)
            #expect(try await Self.read(storage, try CacheEntryID(.gradle, namespace: "ns", key: "absent")) == nil)
            #expect(Self.remembered(storage, small) == "hello")
            #expect(Self.remembered(storage, large) == nil)
        }
    }

    @Test("storing over an entry, deleting it or a sweep forgets it")
    func forgetsOnChange() async throws {
        try await Self.withStorage { storage, _, _ in
            let id = try CacheEntryID(.ccache, namespace: "ns", key: "ab/cdef")
            try await Self.store(storage, id, "first")
            _ = try await Self.read(storage, id)
            try await Self.store(storage, id, "second")
            #expect(Self.remembered(storage, id) == nil)
            #expect(try await Self.read(storage, id) == "second")
            #expect(Self.remembered(storage, id) == "second")

            // An upload that fails leaves the entry, and forgets it all the same.
            await #expect(throws: Uploads.BrokenOff.self) {
                try await storage.store(id, body: Uploads.body(["cut"], failing: Uploads.BrokenOff()), declaredSize: nil, expectedSHA256: nil) {}
            }
            #expect(Self.remembered(storage, id) == nil)
            #expect(try await Self.read(storage, id) == "second")

            #expect(try await storage.remove(id))
            #expect(Self.remembered(storage, id) == nil)
            #expect(try await Self.read(storage, id) == nil)

            try await Self.store(storage, id, "third")
            _ = try await Self.read(storage, id)
            _ = try await storage.removeUnrecordedEntries(writtenBefore: DateShift.now.addingTimeInterval(-3600)) { _, _ in nil }
            #expect(Self.remembered(storage, id) == nil)
        }
    }

    @Test("a read that began before a change keeps nothing of what it read")
    func readOverlappingChangeIsNotKept() throws {
        let memory = RecentSmallEntries(clock: ManualClock(at: DateShift.now))
        let id = try CacheEntryID(.gradle, namespace: "ns", key: "k")
        let ticket = memory.ticket()
        memory.forget(try CacheEntryID(.gradle, namespace: "ns", key: "other"))
        memory.remember(id, bytes: ByteBuffer(string: "old"), ticket: ticket)
        #expect(memory.bytes(of: id) == nil)
        memory.remember(id, bytes: ByteBuffer(string: "new"), ticket: memory.ticket())
        #expect(memory.bytes(of: id).map { String(buffer: $0) } == "new")
    }

    @Test("a copy is used for its freshness after the read, then read again")
    func copiesAge() async throws {
        try await Self.withStorage { storage, clock, _ in
            let id = try CacheEntryID(.gradle, namespace: "ns", key: "k")
            try await Self.store(storage, id, "bytes")
            _ = try await Self.read(storage, id)
            clock.advance(by: RecentSmallEntries.freshness - 0.5)
            #expect(Self.remembered(storage, id) == "bytes")
            clock.advance(by: 1)
            #expect(Self.remembered(storage, id) == nil)
            _ = try await Self.read(storage, id)
            #expect(Self.remembered(storage, id) == "bytes")
        }
    }

    @Test("past the budget the copies are dropped, and the next reads fill it again")
    func staysWithinBudget() throws {
        let memory = RecentSmallEntries(clock: ManualClock(at: DateShift.now))
        let entry = ByteBuffer(repeating: 0x41, count: RecentSmallEntries.maxEntrySize)
        let fits = RecentSmallEntries.budget / RecentSmallEntries.maxEntrySize
        var ids: [CacheEntryID] = []
        for index in 0...fits {
            let id = try CacheEntryID(.gradle, namespace: "ns", key: "k\(index)")
            ids.append(id)
            memory.remember(id, bytes: entry, ticket: memory.ticket())
        }
        #expect(memory.bytes(of: ids[0]) == nil, "the first copies went when the budget was reached")
        #expect(memory.bytes(of: ids[fits]) != nil)
    }
}
