import Devices

/// Today's split: the tests cut into one shard per device up front, each shard one job; a job
/// that fails (a test failed, or its device went offline half-way) is run again whole, on
/// another device, at most `retryQuota` times.
func staticShards(_ suite: SimulatedSuite, fleet: Fleet, shards: [[Int]], retryQuota: Int = 2) -> FleetOutcome {
    var ledger = RunLedger(suite: suite)
    var freeAt = Array(repeating: 0.0, count: fleet.devices)
    // Jobs waiting: the shard, its attempt, when it may start, and the device it failed on.
    var waiting: [(shard: Int, attempt: Int, readyAt: Double, avoid: Int?)] = shards.indices.map { ($0, 1, 0, nil) }
    var makespan = 0.0
    while let next = waiting.indices.min(by: { waiting[$0].readyAt < waiting[$1].readyAt }) {
        let job = waiting.remove(at: next)
        // The first attempt runs on its own device; a retry on the device free first, not the one it failed on.
        let device: Int
        if job.attempt == 1, job.shard < fleet.devices {
            device = job.shard
        } else {
            let candidates = (0..<fleet.devices).filter { $0 != job.avoid }
            device = candidates.min { max(freeAt[$0], job.readyAt) < max(freeAt[$1], job.readyAt) } ?? 0
        }
        let start = max(freeAt[device], job.readyAt)
        ledger.spend(fleet.overhead)
        var time = start + fleet.overhead
        var failed = false
        if fleet.bad.contains(device) {
            let half = shards[job.shard].reduce(0) { $0 + ledger.nextSeconds($1) } / 2
            ledger.spend(half)
            time += half
            failed = true
        } else {
            for index in shards[job.shard] {
                let (seconds, passed) = ledger.run(index)
                time += seconds
                if !passed { failed = true }
            }
        }
        freeAt[device] = time
        makespan = max(makespan, time)
        if failed, job.attempt <= retryQuota {
            waiting.append((job.shard, job.attempt + 1, time, device))
        }
    }
    return ledger.outcome(makespan: makespan)
}

/// Shards balanced on expected times (longest first, each to the lightest shard), as the
/// `ui_tests:` step's static sharding does.
func balancedShards(_ suite: SimulatedSuite, count: Int, planner: BatchPlanner) -> [[Int]] {
    var shards = Array(repeating: [Int](), count: count)
    var loads = Array(repeating: 0.0, count: count)
    let order = suite.tests.indices.sorted { planner.expectedSeconds(suite.tests[$0].history) > planner.expectedSeconds(suite.tests[$1].history) }
    for index in order {
        let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
        shards[lightest].append(index)
        loads[lightest] += planner.expectedSeconds(suite.tests[index].history)
    }
    return shards
}

/// Test `i` to shard `i mod count`, whatever it takes.
func roundRobinShards(_ suite: SimulatedSuite, count: Int) -> [[Int]] {
    var shards = Array(repeating: [Int](), count: count)
    for index in suite.tests.indices { shards[index % count].append(index) }
    return shards
}
