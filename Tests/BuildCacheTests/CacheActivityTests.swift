import Core
import Foundation
import Logging
import Store
import Synchronization
import Testing
@testable import BuildCache

/// The counts gathered in memory and written to the store in batches.
@Suite("Build cache counts, batched for the store")
struct CacheActivityTests {
    /// A store that keeps the batches it was given, and refuses them while `failing`.
    final class RecordingStore: CountsOnlyStore {
        let batches = Mutex<[CacheActivityBatch]>([])
        let failing = Mutex(false)

        func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError) {
            if failing.withLock({ $0 }) { throw .database("refused for the test") }
            batches.withLock { $0.append(batch) }
        }
    }

    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("hits, misses and uploads cost no store write until a flush, which writes one merged batch")
    func batchedUntilFlush() async throws {
        let store = RecordingStore()
        let clock = ManualClock(at: Self.t0)
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let entry = try CacheEntryID(.gradle, namespace: "app", key: "abc")
        let other = try CacheEntryID(.bazel, namespace: "app", key: "ac/\(String(repeating: "0", count: 64))")
        activity.miss(entry)
        activity.stored(entry, size: 10)
        for _ in 0..<100 { activity.hit(entry, size: 10, bytesSent: 10) }
        clock.advance(by: 60)
        activity.hit(entry, size: 10, bytesSent: 10)
        activity.probed(other, size: 3)
        activity.miss(other)
        #expect(store.batches.withLock { $0.isEmpty })

        await activity.flush()
        let batches = store.batches.withLock { $0 }
        #expect(batches.count == 1)
        let batch = try #require(batches.first)
        var gradle = CacheCounterDelta(protocolName: "gradle", namespace: "app")
        gradle.hits = 101
        gradle.misses = 1
        gradle.uploads = 1
        gradle.bytesServed = 1010
        gradle.bytesStored = 10
        var bazel = CacheCounterDelta(protocolName: "bazel", namespace: "app")
        bazel.misses = 1
        #expect(batch.counters == [gradle, bazel])
        #expect(batch.entries == [
            CacheEntryTouch(protocolName: "gradle", namespace: "app", key: "abc", size: 10, lastAccess: Self.t0.addingTimeInterval(60)),
            CacheEntryTouch(protocolName: "bazel", namespace: "app", key: other.key, size: 3, lastAccess: Self.t0.addingTimeInterval(60)),
        ])
        // Nothing new: no write at all.
        await activity.flush()
        #expect(store.batches.withLock { $0.count } == 1)
    }

    @Test("a flush the store refuses keeps its counts for the next one; a deletion after a store wins")
    func failedFlushIsKept() async throws {
        let store = RecordingStore()
        let activity = CacheActivity(store: store, clock: ManualClock(at: Self.t0), logger: Logger(label: "test"))
        let entry = try CacheEntryID(.ccache, namespace: "ns", key: "ab/cd")
        activity.stored(entry, size: 5)
        activity.hit(entry, size: 5, bytesSent: 5)
        store.failing.withLock { $0 = true }
        await activity.flush()
        store.failing.withLock { $0 = false }
        activity.hit(entry, size: 5, bytesSent: 5)
        activity.deleted(entry)
        await activity.flush()
        let batches = store.batches.withLock { $0 }
        #expect(batches.count == 1)
        var counts = CacheCounterDelta(protocolName: "ccache", namespace: "ns")
        counts.hits = 2
        counts.uploads = 1
        counts.bytesServed = 10
        counts.bytesStored = 5
        #expect(batches.first?.counters == [counts])
        #expect(batches.first?.entries == [CacheEntryTouch(deletedProtocol: "ccache", namespace: "ns", key: "ab/cd")])
    }

    @Test("each count also goes to its UTC day, and a job's requests to its build; probes, deletions and evictions to neither")
    func countedPerDayAndBuild() async throws {
        let store = RecordingStore()
        // Ten minutes before midnight UTC.
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_057_000))
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let entry = try CacheEntryID(.gradle, namespace: "app", key: "abc")
        activity.miss(entry, build: 7)
        activity.stored(entry, size: 10, build: 7)
        activity.hit(entry, size: 10, bytesSent: 10)
        activity.probed(entry, size: 10)
        clock.advance(by: 1_200)
        activity.hit(entry, size: 10, bytesSent: 10, build: 7)
        activity.hit(entry, size: 10, bytesSent: 10, build: 8)
        activity.evicted(entry)
        await activity.flush()
        let batch = try #require(store.batches.withLock { $0 }.first)
        let firstDay = Date(timeIntervalSince1970: 1_799_971_200)
        #expect(batch.daily == [
            CacheDailyDelta(day: firstDay, protocolName: "gradle", namespace: "app", counts: CacheUsageDelta(hits: 1, misses: 1, uploads: 1, bytesServed: 10, bytesStored: 10)),
            CacheDailyDelta(day: firstDay.addingTimeInterval(86_400), protocolName: "gradle", namespace: "app", counts: CacheUsageDelta(hits: 2, bytesServed: 20)),
        ])
        #expect(batch.builds == [
            CacheBuildDelta(buildID: 7, counts: CacheUsageDelta(hits: 1, misses: 1, uploads: 1, bytesServed: 10, bytesStored: 10)),
            CacheBuildDelta(buildID: 8, counts: CacheUsageDelta(hits: 1, bytesServed: 10)),
        ])
    }

    /// A store whose first write waits until the test opens it; it logs each finished write.
    final class GatedStore: CountsOnlyStore {
        let events = Mutex<[String]>([])
        let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let writes = Mutex(0)

        func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError) {
            if writes.withLock({ $0 += 1; return $0 }) == 1 {
                await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } }
            }
            events.withLock { $0.append("written \(batch.counters.map(\.hits))") }
        }

        func open() -> Bool {
            gate.withLock { gate in
                guard let continuation = gate else { return false }
                continuation.resume()
                gate = nil
                return true
            }
        }
    }

    @Test("a flush while another is writing returns only after that write: the statistics read after it see every count")
    func flushWaitsForTheOneWriting() async throws {
        let store = GatedStore()
        let activity = CacheActivity(store: store, clock: ManualClock(at: Self.t0), logger: Logger(label: "test"))
        let entry = try CacheEntryID(.gradle, namespace: "app", key: "abc")
        activity.hit(entry, size: 1, bytesSent: 1)
        // The periodic flush takes the batch and is still writing it...
        let periodic = Task { await activity.flush() }
        while store.writes.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        // ...when a statistics request flushes: it has nothing of its own to write.
        let request = Task {
            let written = await activity.flush()
            store.events.withLock { $0.append("request flushed") }
            return written
        }
        // Give the request's flush every chance to return early before the write ends.
        try await Task.sleep(for: .milliseconds(200))
        while !store.open() { try await Task.sleep(for: .milliseconds(5)) }
        let periodicWrote = await periodic.value
        let requestWrote = await request.value
        #expect(periodicWrote && requestWrote)
        #expect(store.events.withLock { $0 } == ["written [1]", "request flushed"])
    }
}
