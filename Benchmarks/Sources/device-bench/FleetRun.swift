import Devices

/// What one strategy did on the simulated fleet.
struct FleetOutcome {
    /// When the last run ended, seconds.
    var makespan: Double
    /// Device time spent on anything but one passing run per test: failed runs, runs lost with
    /// a device, copies and shard re-runs that were not needed, and each batch's start-up.
    var wastedSeconds: Double
    /// Tests with no passing run at the end.
    var unresolved: Int
}

/// The fleet: `devices` devices, of which `bad` fail every batch half-way through (offline
/// mid-batch); each batch costs `overhead` seconds (install, runner start).
struct Fleet {
    var devices: Int
    var bad: Set<Int> = []
    var overhead: Double = 5
}

/// The bookkeeping every strategy shares: each test's runs so far, device time spent, and
/// the time of the first passing run of each test (the useful work).
struct RunLedger {
    let suite: SimulatedSuite
    private(set) var runs: [Int]
    private(set) var hasPassed: [Bool]
    private(set) var useful = 0.0
    private(set) var busy = 0.0

    init(suite: SimulatedSuite) {
        self.suite = suite
        runs = Array(repeating: 0, count: suite.tests.count)
        hasPassed = Array(repeating: false, count: suite.tests.count)
    }

    /// Runs test `index` once: its seconds (spent) and whether it passed.
    mutating func run(_ index: Int) -> (seconds: Double, passed: Bool) {
        let run = runs[index]
        runs[index] += 1
        let seconds = suite.seconds(index, run: run)
        let passed = suite.passes(index, run: run)
        if passed, !hasPassed[index] {
            hasPassed[index] = true
            useful += seconds
        }
        busy += seconds
        return (seconds, passed)
    }

    /// What test `index`'s next run would take, without running it (a batch lost half-way).
    func nextSeconds(_ index: Int) -> Double { suite.seconds(index, run: runs[index]) }

    /// Counts device time spent on something other than a finished run.
    mutating func spend(_ seconds: Double) { busy += seconds }

    func outcome(makespan: Double) -> FleetOutcome {
        FleetOutcome(makespan: makespan, wastedSeconds: busy - useful, unresolved: hasPassed.filter { !$0 }.count)
    }
}
