import Core
import Foundation
import Logging
import Store
import Testing
import TestSupport
@testable import BuildCache

/// The cap on how many namespaces hold entries.
@Suite("Build cache namespace count limit")
struct CacheNamespaceGateTests {
    @Test("past the cap a new namespace is refused, known ones go on; one emptied by eviction frees its place")
    func capsNamespaces() async throws {
        let store = MemoryCacheStatsStore()
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let gate = CacheNamespaceGate(maxNamespaces: 2, store: store, activity: activity, clock: clock, logger: Logger(label: "test"))
        for namespace in ["app", "lib"] {
            try await gate.admit(namespace)
            activity.stored(try CacheEntryID(.gradle, namespace: namespace, key: "k"), size: 1)
        }
        await #expect(throws: CacheRequestError.namespaceLimit(2)) { try await gate.admit("third") }
        try await gate.admit("app")
        // Another protocol in a namespace that holds entries is no new namespace.
        try await gate.admit("lib")
        activity.evicted(try CacheEntryID(.gradle, namespace: "lib", key: "k"))
        try await gate.admit("third")
        // Without a cap, anything goes.
        try await CacheNamespaceGate(maxNamespaces: nil, store: store, activity: activity, clock: clock, logger: Logger(label: "test")).admit("fourth")
    }

    /// A store whose totals cannot be read.
    final class UnreadableStore: CountsOnlyStore {
        func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError) {}

        func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics] {
            throw .database("unreadable for the test")
        }
    }

    @Test("an upload into a new namespace goes in when the store cannot be counted: a 5xx would turn Gradle's remote cache off for the build")
    func unreadableStoreLetsUploadsIn() async throws {
        let store = UnreadableStore()
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let gate = CacheNamespaceGate(maxNamespaces: 1, store: store, activity: activity, clock: clock, logger: Logger(label: "test"))
        try await gate.admit("app")
        try await gate.admit("lib")
        #expect(await gate.label(for: "lib") == CacheNamespaceGate.otherNamespaces)
    }

    @Test("a request that found nothing counts under its namespace only once the namespace holds entries: learnt from this server at once, from the store at most every 10 s")
    func labels() async throws {
        let store = MemoryCacheStatsStore()
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let gate = CacheNamespaceGate(maxNamespaces: nil, store: store, activity: activity, clock: clock, logger: Logger(label: "test"))
        #expect(await gate.label(for: "made-up") == CacheNamespaceGate.otherNamespaces)
        gate.holdsEntries("app")
        #expect(await gate.label(for: "app") == "app")
        // Another server stored into "lib": the store says so, read again only after the interval.
        let other = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        other.stored(try CacheEntryID(.bazel, namespace: "lib", key: "ac/x"), size: 1)
        await other.flush()
        #expect(await gate.label(for: "lib") == CacheNamespaceGate.otherNamespaces)
        clock.advance(by: CacheNamespaceGate.refreshInterval)
        #expect(await gate.label(for: "lib") == "lib")
        #expect(await gate.label(for: "made-up") == CacheNamespaceGate.otherNamespaces)
        // What this server learnt is kept across the store's reads.
        clock.advance(by: CacheNamespaceGate.refreshInterval)
        #expect(await gate.label(for: "still-made-up") == CacheNamespaceGate.otherNamespaces)
        #expect(await gate.label(for: "app") == "app")
    }
}
