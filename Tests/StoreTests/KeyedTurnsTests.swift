import Synchronization
import Testing
@testable import StorePostgres

/// `KeyedTurns`: one task at a time per key, every task in its turn.
@Suite("Turns per key")
struct KeyedTurnsTests {
    /// How many tasks hold a key now, and the most that ever did at once, per key.
    final class Holders: Sendable {
        private let counts = Mutex<(now: [Int64: Int], most: [Int64: Int], order: [Int])>(([:], [:], []))

        func enter(_ key: Int64, _ index: Int) {
            counts.withLock { state in
                state.now[key, default: 0] += 1
                state.most[key] = max(state.most[key] ?? 0, state.now[key] ?? 0)
                if key == 1 { state.order.append(index) }
            }
        }

        func leave(_ key: Int64) { counts.withLock { $0.now[key, default: 0] -= 1 } }
        var most: [Int64: Int] { counts.withLock { $0.most } }
        var order: [Int] { counts.withLock { $0.order } }
    }

    @Test("tasks on one key run one at a time, each in its turn, a failing one passing the turn on; each key has its own turns")
    func oneAtATime() async throws {
        let turns = KeyedTurns()
        let holders = Holders()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                let key: Int64 = index % 4 == 3 ? 2 : 1
                group.addTask {
                    do {
                        try await turns.withTurn(key) {
                            holders.enter(key, index)
                            // Give every other task the chance to barge in while this one holds the key.
                            for _ in 0..<20 { await Task.yield() }
                            holders.leave(key)
                            if index == 5 { throw CancellationError() }
                        }
                    } catch is CancellationError {}
                }
            }
            try await group.waitForAll()
        }
        #expect(holders.most[1] == 1, "one task at a time on a key")
        #expect(holders.order.count == 15, "every task of the key had its turn, the failing one too: \(holders.order)")
        #expect(holders.most[2] == 1)
        #expect(holders.most.keys.sorted() == [1, 2])
    }
}
