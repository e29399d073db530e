import Devices
import Testing

/// The pure core of the device queue: expected times, probability copies, batches.
struct BatchPlannerTests {
    @Test("expected time is the p80 of history by nearest rank; an unknown test counts 120 s")
    func expectedTimes() {
        #expect(TestHistoryFacts.percentile(0.8, of: [1, 2, 3, 4, 5]) == 4)
        #expect(TestHistoryFacts.percentile(0.8, of: [10]) == 10)
        #expect(TestHistoryFacts.percentile(0.8, of: [5, 1, 4, 2, 3, 100, 6, 7, 8, 9]) == 8)
        #expect(TestHistoryFacts.percentile(0.8, of: [-1, .nan, .infinity]) == nil)
        let planner = BatchPlanner()
        #expect(planner.expectedSeconds(TestHistoryFacts(name: "new")) == 120)
        #expect(planner.expectedSeconds(TestHistoryFacts(name: "known", durations: [30, 40, 50, 60, 90])) == 60)
    }

    @Test("copies until 1 − (1 − p)^n reaches the target, capped; none extra without history or for a reliable test")
    func copies() {
        let rule = FlakinessCopies(target: 0.99, maximum: 5)
        #expect(rule.copies(passRate: nil) == 1)
        #expect(rule.copies(passRate: 1) == 1)
        #expect(rule.copies(passRate: 0.995) == 1)
        #expect(rule.copies(passRate: 0.9) == 2, "1 − 0.1² = 0.99")
        #expect(rule.copies(passRate: 0.5) == 5, "0.5 needs 7 for 0.99: capped at 5")
        #expect(rule.copies(passRate: 0) == 5)
        // 1 − 0.2² is 0.9599999… in binary: still enough for 0.96.
        #expect(FlakinessCopies(target: 0.96, maximum: 9).copies(passRate: 0.8) == 2)
        #expect(FlakinessCopies(target: 0.75, maximum: 9).copies(passRate: 0.5) == 2)
        #expect(FlakinessCopies(target: 0.8, maximum: 9).copies(passRate: 0.5) == 3)
        #expect(TestHistoryFacts(name: "t", passes: 3, runs: 4).passRate == 0.75)
        #expect(TestHistoryFacts(name: "t").passRate == nil)
    }

    @Test("the queue is longest first; a flaky test's copies are queued and never share a batch")
    func queueOrder() {
        let planner = BatchPlanner(flakiness: FlakinessCopies(target: 0.99, maximum: 3))
        var queue = planner.queue(for: [
            TestHistoryFacts(name: "short", durations: [10], passes: 10, runs: 10),
            TestHistoryFacts(name: "flaky", durations: [20], passes: 1, runs: 2),
            TestHistoryFacts(name: "unknown"),
            TestHistoryFacts(name: "short", durations: [999]),
        ])
        #expect(queue.pending.map(\.name) == ["unknown", "flaky", "flaky", "flaky", "short"])
        #expect(queue.remainingSeconds == 120 + 60 + 10)
        let first = queue.nextBatch(budgetSeconds: 1_000)
        #expect(first.map(\.name) == ["unknown", "flaky", "short"], "one copy of flaky per batch")
        #expect(queue.nextBatch(budgetSeconds: 1_000).map(\.copy) == [2])
        #expect(queue.nextBatch(budgetSeconds: 1_000).map(\.copy) == [3])
        #expect(queue.isEmpty)
        #expect(queue.nextBatch(budgetSeconds: 1_000) == [])
    }

    @Test("batches stay within the budget; a test longer than the budget goes alone; a failed batch goes back in its place")
    func budgets() {
        var queue = TestQueue([
            PlannedTest(name: "a", expectedSeconds: 300), PlannedTest(name: "b", expectedSeconds: 50),
            PlannedTest(name: "c", expectedSeconds: 40), PlannedTest(name: "d", expectedSeconds: 30), PlannedTest(name: "e", expectedSeconds: 20),
        ])
        #expect(queue.nextBatch(budgetSeconds: 100).map(\.name) == ["a"])
        let second = queue.nextBatch(budgetSeconds: 100)
        #expect(second.map(\.name) == ["b", "c"])
        queue.requeue(second)
        #expect(queue.pending.map(\.name) == ["b", "c", "d", "e"])
        #expect(queue.nextBatch(budgetSeconds: 100).map(\.name) == ["b", "c"])
        #expect(queue.nextBatch(budgetSeconds: 100).map(\.name) == ["d", "e"])
    }

    @Test("the budget is a share of what is left, within its bounds")
    func budgetShare() {
        let budget = BatchBudget(minimumSeconds: 30, maximumSeconds: 600)
        #expect(budget.seconds(remainingSeconds: 100_000, devices: 10) == 600)
        #expect(budget.seconds(remainingSeconds: 4_000, devices: 10) == 200)
        #expect(budget.seconds(remainingSeconds: 100, devices: 10) == 30)
        #expect(budget.seconds(remainingSeconds: 100, devices: 0) == 50)
    }

    @Test("on a simulated fleet, work stealing with shrinking batches finishes within 1.10× of the lower bound")
    func makespan() {
        // Deterministic durations spread from 5 s to 400 s (no clock: seconds are counted).
        var state: UInt64 = 42
        var tests: [TestHistoryFacts] = []
        for index in 0..<600 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            tests.append(TestHistoryFacts(name: "t\(index)", durations: [5 + 395 * unit * unit * unit]))
        }
        let devices = 12
        var queue = BatchPlanner().queue(for: tests)
        let total = queue.remainingSeconds
        let longest = queue.pending.first?.expectedSeconds ?? 0
        let budget = BatchBudget(minimumSeconds: 10, maximumSeconds: 600)
        // Each device takes the next batch when it falls free: the earliest free device first.
        var freeAt = Array(repeating: 0.0, count: devices)
        while !queue.isEmpty {
            let device = freeAt.indices.min { freeAt[$0] < freeAt[$1] } ?? 0
            let batch = queue.nextBatch(budgetSeconds: budget.seconds(remainingSeconds: queue.remainingSeconds, devices: devices))
            freeAt[device] += batch.reduce(0) { $0 + $1.expectedSeconds }
        }
        let makespan = freeAt.max() ?? 0
        let bound = max(total / Double(devices), longest)
        #expect(makespan <= bound * 1.10, "makespan \(makespan) s against the lower bound \(bound) s")
    }
}
