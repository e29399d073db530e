import Foundation
import NIOCore
import Testing
import TestSupport
import _NIOFileSystem
@testable import BuildCache

/// The folder storage: streamed uploads put in place whole or not at all, reads, limits.
@Suite("Build cache folder storage")
struct FolderCacheStorageTests {
    static func withStorage<T>(maxEntrySize: Int64 = 1024, minimumFreeBytes: Int64 = 0, _ body: (FolderCacheStorage, TemporaryDirectory) async throws -> T) async throws -> T {
        let directory = try TemporaryDirectory("build-cache")
        defer { directory.remove() }
        return try await body(FolderCacheStorage(directory: directory.path, maxEntrySize: maxEntrySize, minimumFreeBytes: minimumFreeBytes), directory)
    }

    @Test("an upload streamed in chunks reads back whole; HEAD's size and a miss; the temporary folder is left empty")
    func storesAndReads() async throws {
        try await Self.withStorage { storage, directory in
            let id = try CacheEntryID(.ccache, namespace: "team-a", key: "ab/cdef")
            #expect(try await storage.open(id) == nil)
            #expect(try await storage.size(of: id) == nil)
            let size = try await storage.store(id, body: Uploads.body(["hello ", "cache ", "world"]), declaredSize: 17)
            #expect(size == 17)
            #expect(try await storage.size(of: id) == 17)
            let file = try #require(try await storage.open(id))
            #expect(try await Uploads.contents(of: file) == "hello cache world")
            #expect(Uploads.files(under: directory.path + "/tmp") == [])
            // The same key in another namespace or protocol is another entry.
            #expect(try await storage.open(try CacheEntryID(.ccache, namespace: "team-b", key: "ab/cdef")) == nil)
            #expect(try await storage.open(try CacheEntryID(.gradle, namespace: "team-a", key: "ab/cdef")) == nil)
            // A flat key that is a subdirs key's folder name is an entry of its own.
            _ = try await storage.store(try CacheEntryID(.ccache, namespace: "team-a", key: "ab"), body: Uploads.body(["flat"]), declaredSize: nil)
            #expect(try await storage.size(of: id) == 17)
        }
    }

    @Test("an upload that breaks off leaves nothing, and the entry kept before stays whole")
    func brokenUploadLeavesNothing() async throws {
        try await Self.withStorage { storage, directory in
            let id = try CacheEntryID(.gradle, namespace: "ns", key: "0123abcd")
            await #expect(throws: Uploads.BrokenOff.self) {
                try await storage.store(id, body: Uploads.body(["half of "], failing: Uploads.BrokenOff()), declaredSize: 20)
            }
            #expect(try await storage.size(of: id) == nil)
            _ = try await storage.store(id, body: Uploads.body(["first"]), declaredSize: 5)
            await #expect(throws: Uploads.BrokenOff.self) {
                try await storage.store(id, body: Uploads.body(["second, cut"], failing: Uploads.BrokenOff()), declaredSize: 40)
            }
            #expect(try await Uploads.contents(of: try #require(try await storage.open(id))) == "first")
            // A body that ends before its declared length is not kept either.
            await #expect(throws: CacheRequestError.incomplete(expected: 10, received: 5)) {
                try await storage.store(id, body: Uploads.body(["short"]), declaredSize: 10)
            }
            #expect(try await Uploads.contents(of: try #require(try await storage.open(id))) == "first")
            #expect(Uploads.files(under: directory.path + "/tmp") == [])
        }
    }

    @Test("an entry over the limit is refused: a declared one before its body is read, a chunked one as it streams")
    func sizeLimit() async throws {
        try await Self.withStorage(maxEntrySize: 10) { storage, directory in
            let id = try CacheEntryID(.xcode, namespace: "app", key: "file/big.zip")
            await #expect(throws: CacheRequestError.tooLarge(limit: 10)) {
                try await storage.store(id, body: Uploads.unreadable(), declaredSize: 11)
            }
            await #expect(throws: CacheRequestError.tooLarge(limit: 10)) {
                try await storage.store(id, body: Uploads.body(["123456", "789012"]), declaredSize: nil)
            }
            #expect(try await storage.size(of: id) == nil)
            #expect(try await storage.store(id, body: Uploads.body(["1234567890"]), declaredSize: nil) == 10)
            #expect(Uploads.files(under: directory.path + "/tmp") == [])
        }
    }

    @Test("a content-addressed upload must hash to its key: a mismatch keeps nothing")
    func digestChecked() async throws {
        try await Self.withStorage { storage, _ in
            let id = try CacheEntryID(.bazel, namespace: "ns", key: "cas/\(Uploads.hello.sha256)")
            await #expect(throws: CacheRequestError.digestMismatch(
                expected: Uploads.hello.sha256, actual: "3733cd977ff8eb18b987357e22ced99f46097f31ecb239e878ae63760e83e4d5")
            ) {
                try await storage.store(id, body: Uploads.body(["HELLO"]), declaredSize: 5, expectedSHA256: Uploads.hello.sha256)
            }
            #expect(try await storage.size(of: id) == nil)
            #expect(try await storage.store(id, body: Uploads.body(["hel", "lo"]), declaredSize: 5, expectedSHA256: Uploads.hello.sha256) == 5)
        }
    }

    @Test("two uploads of one key at once both succeed, and the entry is one of them whole")
    func concurrentUploads() async throws {
        try await Self.withStorage(maxEntrySize: 1 << 20) { storage, _ in
            let id = try CacheEntryID(.gradle, namespace: "ns", key: "feedface")
            let a = String(repeating: "a", count: 300_000)
            let b = String(repeating: "b", count: 200_000)
            async let first = storage.store(id, body: Uploads.body(Array(repeating: String(a.prefix(1000)), count: 300)), declaredSize: 300_000)
            async let second = storage.store(id, body: Uploads.body(Array(repeating: String(b.prefix(1000)), count: 200)), declaredSize: 200_000)
            let sizes = try await [first, second]
            #expect(sizes == [300_000, 200_000])
            let kept = try await Uploads.contents(of: try #require(try await storage.open(id)))
            #expect(kept == a || kept == b)
        }
    }

    @Test("a download opened before a replacing upload sends the entry it opened")
    func openedEntryIsPinned() async throws {
        try await Self.withStorage { storage, _ in
            let id = try CacheEntryID(.ccache, namespace: "ns", key: "12/3456")
            _ = try await storage.store(id, body: Uploads.body(["old entry"]), declaredSize: nil)
            let opened = try #require(try await storage.open(id))
            _ = try await storage.store(id, body: Uploads.body(["the new, longer entry"]), declaredSize: nil)
            #expect(try await Uploads.contents(of: opened) == "old entry")
            #expect(try await Uploads.contents(of: try #require(try await storage.open(id))) == "the new, longer entry")
        }
    }

    @Test("below the free space the cache leaves, an upload is refused as a full disk before its body is read; reads go on")
    func fullDisk() async throws {
        let directory = try TemporaryDirectory("build-cache")
        defer { directory.remove() }
        let id = try CacheEntryID(.gradle, namespace: "ns", key: "abc")
        _ = try await FolderCacheStorage(directory: directory.path, minimumFreeBytes: 0).store(id, body: Uploads.body(["kept"]), declaredSize: nil)
        let full = FolderCacheStorage(directory: directory.path, minimumFreeBytes: Int64.max / 2)
        await #expect {
            try await full.store(try CacheEntryID(.gradle, namespace: "ns", key: "def"), body: Uploads.unreadable(), declaredSize: 3)
        } throws: { error in
            if case .storageFull = error as? CacheRequestError { return true }
            return false
        }
        #expect(try await Uploads.contents(of: try #require(try await full.open(id))) == "kept")
    }

    @Test("a write that finds no space (ENOSPC, EDQUOT, however NIOFileSystem wraps it) is a full disk; other failures are not")
    func outOfSpaceRecognised() {
        let location = FileSystemError.SourceLocation(function: "write", file: "test", line: 1)
        let noSpace = FileSystemError.SystemCallError(systemCall: "write", errno: .noSpace)
        let wrapped = FileSystemError(code: .unknown, message: "outer", cause: FileSystemError(code: .unknown, message: "inner", cause: noSpace, location: location), location: location)
        #expect(FolderCacheStorage.isOutOfSpace(wrapped))
        #expect(FolderCacheStorage.isOutOfSpace(FileSystemError.SystemCallError(systemCall: "write", errno: .diskQuotaExceeded)))
        #expect(FolderCacheStorage.isOutOfSpace(POSIXError(.ENOSPC)))
        #expect(!FolderCacheStorage.isOutOfSpace(FileSystemError.SystemCallError(systemCall: "open", errno: .permissionDenied)))
        if case .storageFull = FolderCacheStorage.classify(wrapped, writing: "x") as? CacheRequestError {} else {
            Issue.record("ENOSPC is not classified as a full disk")
        }
        if case .unavailable = FolderCacheStorage.classify(POSIXError(.EACCES), writing: "x") as? CacheRequestError {} else {
            Issue.record("EACCES is not classified as an unavailable storage")
        }
        #expect(FolderCacheStorage.classify(Uploads.BrokenOff(), writing: "x") is Uploads.BrokenOff)
    }

    @Test("namespaces and keys: allowed characters, lengths, and no way out of the folder")
    func validation() {
        #expect(CacheEntryID.problem(withNamespace: "team-A_1.0") == nil)
        #expect(CacheEntryID.problem(withNamespace: String(repeating: "n", count: 64)) == nil)
        for bad in ["", String(repeating: "n", count: 65), "..", ".", "a/b", "a b", "é", "a%2Fb"] {
            #expect(CacheEntryID.problem(withNamespace: bad) != nil, "\(bad.debugDescription)")
        }
        #expect(CacheEntryID.problem(withKey: "ab/cdef0123") == nil)
        #expect(CacheEntryID.problem(withKey: "meta/abc-App-Debug-iphonesimulator-13C100-f00.json") == nil)
        #expect(CacheEntryID.problem(withKey: "meta/abc-My App-Debug.json") == nil, "an Xcode target's name may hold a space")
        for bad in ["", "../x", "a/../b", "a//b", "/a", "a/", "a\\b", "a\u{1}b", "a\nb", String(repeating: "k", count: 513)] {
            #expect(CacheEntryID.problem(withKey: bad) != nil, "\(bad.debugDescription)")
        }
        #expect(throws: CacheRequestError.self) { try CacheEntryID(.gradle, namespace: "..", key: "abc") }
    }
}
