import Devices

/// The device queue as the `Devices` planner builds it: one queue longest expected first,
/// probability copies up front, each free device taking a batch sized to what is left; a batch
/// its device loses goes back whole, a device losing three in a row is quarantined, a failed test
/// is retried (at most `retryQuota` times) once no copy of it is left, and copies of a test that
/// already passed are dropped (any pass is a pass).
///
/// Event-driven on a virtual clock: a batch's results are known when it ends, never before.
func workStealing(
    _ suite: SimulatedSuite, fleet: Fleet, planner: BatchPlanner, budget: BatchBudget, retryQuota: Int = 2, quarantineAfter: Int = 3
) -> FleetOutcome {
    var ledger = RunLedger(suite: suite)
    var indexByName: [String: Int] = [:]
    for (index, test) in suite.tests.enumerated() { indexByName[test.name] = index }
    var queue = planner.queue(for: suite.tests.map(\.history))
    var outstanding: [String: Int] = [:]
    for run in queue.pending { outstanding[run.name, default: 0] += 1 }
    var retries: [String: Int] = [:]
    var knownPassed: Set<String> = []
    var freeAt = Array(repeating: 0.0, count: fleet.devices)
    var lostInARow = Array(repeating: 0, count: fleet.devices)
    var quarantined: Set<Int> = []
    // What the queue learns when a batch ends: runs to put back, tests that passed.
    var events: [(time: Double, back: [PlannedTest], passed: [String])] = []
    var makespan = 0.0

    func learn(until now: Double) {
        let due = events.filter { $0.time <= now }
        events.removeAll { $0.time <= now }
        for event in due.sorted(by: { $0.time < $1.time }) {
            knownPassed.formUnion(event.passed)
            queue.requeue(event.back)
        }
    }

    while true {
        let active = (0..<fleet.devices).filter { !quarantined.contains($0) }
        guard let device = active.min(by: { freeAt[$0] < freeAt[$1] }) else { break }
        let now = freeAt[device]
        learn(until: now)
        if queue.isEmpty {
            guard let next = events.map(\.time).min() else { break }
            freeAt[device] = max(now, next)
            continue
        }
        let taken = queue.nextBatch(budgetSeconds: budget.seconds(remainingSeconds: queue.remainingSeconds, devices: active.count))
        let batch = taken.filter { !knownPassed.contains($0.name) }
        for cancelled in taken where knownPassed.contains(cancelled.name) { outstanding[cancelled.name, default: 1] -= 1 }
        guard !batch.isEmpty else { continue }
        ledger.spend(fleet.overhead)
        var time = now + fleet.overhead
        if fleet.bad.contains(device) {
            // Offline half-way: nothing in the batch counts, it all goes back.
            let half = batch.reduce(0) { $0 + ledger.nextSeconds(indexByName[$1.name] ?? 0) } / 2
            ledger.spend(half)
            time += half
            events.append((time, batch, []))
            lostInARow[device] += 1
            if lostInARow[device] >= quarantineAfter { quarantined.insert(device) }
        } else {
            lostInARow[device] = 0
            var back: [PlannedTest] = []
            var passed: [String] = []
            for run in batch {
                let (seconds, ok) = ledger.run(indexByName[run.name] ?? 0)
                time += seconds
                outstanding[run.name, default: 1] -= 1
                if ok {
                    passed.append(run.name)
                } else if outstanding[run.name, default: 0] == 0, retries[run.name, default: 0] < retryQuota {
                    retries[run.name, default: 0] += 1
                    outstanding[run.name, default: 0] += 1
                    back.append(PlannedTest(name: run.name, copy: 100 + retries[run.name, default: 0], expectedSeconds: run.expectedSeconds))
                }
            }
            events.append((time, back, passed))
        }
        freeAt[device] = time
        makespan = max(makespan, time)
    }
    return ledger.outcome(makespan: makespan)
}
