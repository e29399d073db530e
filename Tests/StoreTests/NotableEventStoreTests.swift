import Core
import Foundation
import Testing
@testable import Store

/// The feed's events through `NotableEventStore`, on every backend.
@Suite("Notable events in the store")
struct NotableEventStoreTests {
    @Test("events come back newest first (ties by id), at most the limit, with or without a link", arguments: StoreBackend.available)
    func newestFirst(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let start = Date(timeIntervalSince1970: 1_750_000_000)
            for (index, offset) in [0.0, 20, 10, 20].enumerated() {
                try await database.recordNotableEvent(NotableEvent(
                    kind: "build.failed", title: "event \(index)", summary: "summary \(index)",
                    url: index == 1 ? nil : "/builds/\(index)", occurredAt: start.addingTimeInterval(offset)))
            }
            let events = try await database.notableEvents(limit: 3)
            #expect(events.map(\.title) == ["event 3", "event 1", "event 2"])
            #expect(events.map(\.url) == ["/builds/3", nil, "/builds/2"])
            #expect(events.allSatisfy { $0.id != nil })
            #expect(try await database.notableEvents(limit: 0).count == 1, "a limit below 1 reads one")
            #expect(try await database.notableEvents(limit: 1_000).count == 4)
        }
    }
}
