import Core
import Foundation
import Testing

/// Blocking work (reading a posted report, opening a store) runs on a thread of its own, never on Swift's cooperative pool.
@Suite("Work on a dedicated thread")
struct DedicatedThreadTests {
    /// Lets callers wait until `expected` of them have arrived, each for at most `timeout`.
    /// `@unchecked Sendable`: `arrived` is only touched with `condition` locked.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var arrived = 0
        private let expected: Int

        init(expected: Int) { self.expected = expected }

        /// Whether all arrived before `timeout` seconds passed.
        func arriveAndWait(timeout: TimeInterval) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: timeout)
            while arrived < expected {
                if !condition.wait(until: deadline) { return arrived >= expected }
            }
            return true
        }
    }

    @Test("eight calls that wait for each other all finish: more at once than the pool has threads")
    func moreThanThePool() async {
        let gate = Gate(expected: 8)
        let met = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { await DedicatedThread.run { gate.arriveAndWait(timeout: 30) } } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(met == Array(repeating: true, count: 8))
    }
}
