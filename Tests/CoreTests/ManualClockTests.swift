import Core
import Foundation
import Testing

/// The manual clock that tests inject: it moves only when told, and wakes sleepers then.
@Suite("Manual clock")
struct ManualClockTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a sleeper wakes when the clock reaches its deadline, not before")
    func wakesAtDeadline() async throws {
        let clock = ManualClock(at: Self.start)
        let woke = Task { try await clock.sleep(for: .seconds(60)); return clock.now }
        while clock.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        clock.advance(by: 59)
        try await Task.sleep(for: .milliseconds(20))
        #expect(clock.sleeperCount == 1, "59 s is not yet 60 s")
        clock.advance(by: 1)
        #expect(try await woke.value == Self.start.addingTimeInterval(60))
        #expect(clock.sleeperCount == 0)
    }

    @Test("setting the clock backwards wakes nobody; a zero sleep returns at once")
    func backwardsAndZero() async throws {
        let clock = ManualClock(at: Self.start)
        try await clock.sleep(for: .zero)
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        while clock.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        clock.set(Self.start.addingTimeInterval(-3600))
        #expect(clock.now == Self.start.addingTimeInterval(-3600))
        #expect(clock.sleeperCount == 1)
        clock.set(Self.start.addingTimeInterval(10))
        try await sleeper.value
    }

    @Test("a canceled sleeper throws CancellationError at once, registered or not")
    func cancellation() async throws {
        let clock = ManualClock(at: Self.start)
        let parked = Task { try await clock.sleep(for: .seconds(3600)) }
        while clock.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
        parked.cancel()
        await #expect(throws: CancellationError.self) { try await parked.value }
        #expect(clock.sleeperCount == 0)

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("the system clock's offset moves its reading")
    func systemOffset() {
        let year = 364.0 * 86_400
        let shifted = SystemClock(offset: year)
        let difference = shifted.now.timeIntervalSince(SystemClock().now)
        #expect(abs(difference - year) < 5)
    }
}
