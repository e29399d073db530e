import Core
import Foundation
import Testing
@testable import Store

/// Trains, releases and their transitions through `ReleaseStore`, on every backend.
@Suite("Release trains in the store")
struct ReleaseStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)

    private static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "rm", action: action, subject: "train") }

    private static func newRelease(train: Int64, version: String, at seconds: TimeInterval = 0) -> NewRelease {
        NewRelease(
            trainID: train, version: version, kind: "regular", machine: #"{"step":0}"#, state: "scheduled", branch: "release/\(version)",
            storeIDs: "{}", event: StoredReleaseEvent(action: "start", from: "", to: "scheduled", actor: "rm", at: at(seconds), detail: ""),
            audit: AuditEvent(occurredAt: at(seconds), actor: "rm", action: "release.start", subject: "release"),
            notable: NotableEvent(kind: "release.started", title: "\(version) started", summary: "s", occurredAt: at(seconds)))
    }

    /// The train `mobile` saved through `database` and its release 1.2.0 started: most tests' first rows.
    private static func mobileRelease(_ database: FreshStore.Database) async throws -> (train: Int64, release: StoredRelease) {
        let train = try await database.saveTrain(name: "mobile", definition: "d", source: "api", audit: audit("train.save")).id
        return (train, try await database.createRelease(newRelease(train: train, version: "1.2.0")))
    }

    @Test("a train is saved, replaced by name in any case, listed by name", arguments: StoreBackend.available)
    func trains(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let first = try await database.saveTrain(name: "mobile", definition: "v1", source: "api", audit: Self.audit("train.save"))
            _ = try await database.saveTrain(name: "android", definition: "a", source: "file:android.yml", audit: Self.audit("train.save"))
            let replaced = try await database.saveTrain(name: "Mobile", definition: "v2", source: "api", audit: Self.audit("train.save"))
            #expect(replaced.id == first.id && replaced.definition == "v2" && replaced.name == "mobile")
            #expect(try await database.trains().map(\.name) == ["android", "mobile"])
            #expect(try await database.train(named: "MOBILE")?.id == first.id)
            #expect(try await database.train(id: first.id)?.definition == "v2")
            #expect(try await database.train(id: 999) == nil)
        }
    }

    @Test("a release starts with its event, audit, feed entry and outbox announcement; a taken version is a conflict", arguments: StoreBackend.available)
    func create(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let (train, release) = try await Self.mobileRelease(database)
            #expect(release.state == "scheduled" && release.branch == "release/1.2.0" && release.createdAt == Self.t0)
            #expect(try await database.releaseEvents(releaseID: release.id).map(\.to) == ["scheduled"])
            #expect(try await database.notableEvents(limit: 5).first?.url == "/api/v1/releases/\(release.id)")
            let announced = try await database.claimDueMessages(kinds: [StoredReleaseEvent.outboxKind], now: Self.at(1), limit: 5, lease: .seconds(60))
            #expect(announced.count == 1 && announced.first?.payload.contains(#""releaseID":\#(release.id)"#) == true)
            await #expect(throws: StoreError.conflict("the train already has a release 1.2.0")) {
                try await database.createRelease(Self.newRelease(train: train, version: "1.2.0"))
            }
            _ = try await database.createRelease(Self.newRelease(train: train, version: "1.3.0"))
            #expect(try await database.releases(trainID: train, states: nil, limit: 10).map(\.version) == ["1.3.0", "1.2.0"])
            #expect(try await database.releases(trainID: nil, states: ["released"], limit: 10).isEmpty)
            #expect(try await database.releases(trainID: nil, states: [], limit: 10).isEmpty)
            try await database.setReleaseProblem(id: release.id, problem: "waiting for QA")
            #expect(try await database.release(id: release.id)?.problem == "waiting for QA")
        }
    }

    @Test("a change applies to the latest row, records its event, can create a hotfix; an error rolls it back", arguments: StoreBackend.available)
    func change(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let (train, release) = try await Self.mobileRelease(database)
            let unchanged = try await database.changeRelease(id: release.id) { current in ReleaseChange(release: current, event: nil) }
            #expect(unchanged.changed == false)
            let result = try await database.changeRelease(id: release.id) { current in
                var next = current
                next.state = "branch_cut"
                next.rcBuildID = 7
                next.rolloutStepIndex = 2
                next.rolloutEnteredAt = Self.at(30)
                return ReleaseChange(
                    release: next, event: StoredReleaseEvent(action: "cut_branch", from: current.state, to: "branch_cut", actor: "rm", at: Self.at(30), detail: ""),
                    audit: Self.audit("release.cut"), newRelease: Self.newRelease(train: train, version: "1.2.1", at: 30))
            }
            #expect(result.changed && result.release.state == "branch_cut" && result.release.rcBuildID == 7 && result.release.rolloutStepIndex == 2)
            #expect(result.release.rolloutEnteredAt == Self.at(30) && result.release.updatedAt == Self.at(30))
            #expect(result.created?.version == "1.2.1")
            #expect(try await database.releaseEvents(releaseID: release.id).map(\.action) == ["start", "cut_branch"])
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await database.changeRelease(id: release.id) { current in
                    var next = current
                    next.state = "canceled"
                    _ = next
                    throw Refused()
                }
            }
            #expect(try await database.release(id: release.id)?.state == "branch_cut")
            await #expect(throws: StoreError.self) { try await database.changeRelease(id: 999) { ReleaseChange(release: $0, event: nil) } }
        }
    }

    @Test("changes arriving at once are applied one after the other, each to the previous one's result", arguments: StoreBackend.available)
    func serialised(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let release = try await Self.mobileRelease(database).release
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        _ = try await database.changeRelease(id: release.id) { current in
                            var next = current
                            next.machine = #"{"step":\#((Int(current.machine.filter(\.isNumber)) ?? 0) + 1)}"#
                            return ReleaseChange(release: next, event: StoredReleaseEvent(action: "step", from: current.state, to: current.state, actor: "rm", at: Self.at(1), detail: ""))
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await database.release(id: release.id)?.machine == #"{"step":10}"#)
            #expect(try await database.releaseEvents(releaseID: release.id).count == 11)
        }
    }

    @Test("a cadence occurrence starts one release however often it is checked; the cursor starts at first sight", arguments: StoreBackend.available)
    func cadence(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let train = try await database.saveTrain(name: "weekly", definition: "d", source: "api", audit: Self.audit("train.save")).id
            #expect(try await database.cadenceHandledThrough(trainID: train, now: Self.at(0)) == Self.at(0))
            #expect(try await database.cadenceHandledThrough(trainID: train, now: Self.at(50)) == Self.at(0))
            #expect(try await database.startScheduledRelease(Self.newRelease(train: train, version: "2.0.0", at: 100), occurrence: Self.at(-10), now: Self.at(100)) == nil)
            let started = try await database.startScheduledRelease(Self.newRelease(train: train, version: "2.0.0", at: 100), occurrence: Self.at(90), now: Self.at(100))
            #expect(started?.version == "2.0.0")
            #expect(try await database.startScheduledRelease(Self.newRelease(train: train, version: "2.0.1", at: 110), occurrence: Self.at(90), now: Self.at(110)) == nil)
            #expect(try await database.cadenceHandledThrough(trainID: train, now: Self.at(120)) == Self.at(90))
        }
    }
}
