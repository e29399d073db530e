import Core
import Foundation
import Logging
import Testing
import TestSupport
@testable import BuildCache

/// The cap on how many namespaces hold entries.
@Suite("Build cache namespace count limit")
struct CacheNamespaceGateTests {
    @Test("past the cap a new namespace is refused, known ones go on; one emptied by eviction frees its place")
    func capsNamespaces() async throws {
        let store = MemoryCacheStatsStore()
        let activity = CacheActivity(store: store, clock: ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000)), logger: Logger(label: "test"))
        let gate = CacheNamespaceGate(maxNamespaces: 2, store: store, activity: activity)
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
        try await CacheNamespaceGate(maxNamespaces: nil, store: store, activity: activity).admit("fourth")
    }
}
