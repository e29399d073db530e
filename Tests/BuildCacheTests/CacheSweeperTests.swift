import Core
import Foundation
import Logging
import Store
import Testing
import TestSupport
@testable import BuildCache

/// What a server stopped mid-way leaves behind (staged uploads, entries whose facts never
/// reached the store), swept once it is over an hour old.
@Suite("Build cache sweep of what a stopped server left")
struct CacheSweeperTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let twoHoursAgo = now.addingTimeInterval(-7_200)
    static let tenMinutesAgo = now.addingTimeInterval(-600)

    /// A server that leads, or not.
    struct Leadership: ClusterLeadership {
        let isLeader: Bool
        func run() async {}
    }

    /// Writes `text` to `path` (and the folders above it), last written at `date`, off the
    /// cooperative pool.
    static func write(_ text: String, to path: String, lastWritten date: Date) async -> Bool {
        await DedicatedThread.run {
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
                return true
            } catch {
                return false
            }
        }
    }

    /// Moves `path`'s last write to `date` (file times come from the system's clock, the sweep's
    /// cutoff from the test's), off the cooperative pool.
    static func age(_ path: String, to date: Date) async -> Bool {
        await DedicatedThread.run {
            (try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)) != nil
        }
    }

    @Test("uploads' files left in tmp/ over an hour ago go, younger ones stay, on every server; entries are the leader's to sweep")
    func stagedFiles() async throws {
        let cache = try FolderCacheBench(at: Self.now)
        defer { cache.remove() }
        let (directory, storage) = (cache.directory, cache.storage)
        let tmp = directory.path + "/tmp"
        #expect(await Self.write("cut off", to: tmp + "/old", lastWritten: Self.twoHoursAgo))
        #expect(await Self.write("arriving", to: tmp + "/young", lastWritten: Self.tenMinutesAgo))
        let unrecorded = try CacheEntryID(.gradle, namespace: "app", key: "lost")
        _ = try await storage.store(unrecorded, body: Uploads.body(["lost"]), declaredSize: nil)
        #expect(await Self.age(storage.path(of: unrecorded), to: Self.twoHoursAgo))

        let follower = CacheSweeper(
            storage: storage, activity: cache.activity, store: cache.store, leadership: Leadership(isLeader: false), clock: cache.clock, logger: cache.logger)
        #expect(await follower.sweepOnce() == 1)
        #expect(Uploads.files(under: tmp) == ["young"])
        #expect(try await storage.size(of: unrecorded) == 4)
    }

    @Test("on the leader, entry files the store never heard of go once over an hour old; recorded, younger and foreign files stay")
    func unrecordedEntries() async throws {
        let cache = try FolderCacheBench(at: Self.now)
        defer { cache.remove() }
        let (directory, storage) = (cache.directory, cache.storage)
        let recorded = try CacheEntryID(.gradle, namespace: "app", key: "kept")
        let lost = try CacheEntryID(.gradle, namespace: "app", key: "lost")
        let lostElsewhere = try CacheEntryID(.xcode, namespace: "ios", key: "file/a.zip")
        let young = try CacheEntryID(.ccache, namespace: "team", key: "ab/young")
        for id in [recorded, lost, lostElsewhere, young] {
            _ = try await storage.store(id, body: Uploads.body(["1234"]), declaredSize: nil)
            #expect(await Self.age(storage.path(of: id), to: id == young ? Self.tenMinutesAgo : Self.twoHoursAgo))
        }
        // Only this one's facts were gathered, and not yet written: the sweep writes them first.
        cache.activity.stored(recorded, size: 4)
        let foreign = directory.path + "/entries/gradle/app/00/notes.txt"
        #expect(await Self.write("not an entry", to: foreign, lastWritten: Self.twoHoursAgo))

        let leader = CacheSweeper(
            storage: storage, activity: cache.activity, store: cache.store, leadership: Leadership(isLeader: true), clock: cache.clock, logger: cache.logger)
        #expect(await leader.sweepOnce() == 2)
        #expect(try await storage.size(of: recorded) == 4)
        #expect(try await storage.size(of: young) == 4)
        #expect(try await storage.size(of: lost) == nil)
        #expect(try await storage.size(of: lostElsewhere) == nil)
        #expect(FileManager.default.fileExists(atPath: foreign))
        #expect(try await cache.store.leastRecentlyUsedCacheEntries(limit: 10).map(\.key) == ["kept"])
        // Nothing more to take.
        #expect(await leader.sweepOnce() == 0)
    }
}
