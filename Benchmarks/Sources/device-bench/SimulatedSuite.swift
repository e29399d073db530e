import Devices
import Foundation

/// A selected UI-test suite on a simulated fleet: every test's history and what each of its
/// runs will take and whether it passes, drawn from a seed so that every strategy meets the
/// same runs.
struct SimulatedSuite {
    /// One test.
    struct Test {
        var name: String
        /// The median of its run times, seconds.
        var median: Double
        /// The chance one run passes (1 for a reliable test).
        var passChance: Double
        /// Its last runs, as the server's history holds them.
        var history: TestHistoryFacts
    }

    var tests: [Test]
    let seed: UInt64

    /// `count` tests whose medians are log-normal (median `median` seconds, spread `sigma`),
    /// `flakyShare` of them passing one run in `flakyPassChance`; ten runs of history each.
    init(count: Int, median: Double = 30, sigma: Double = 1.0, flakyShare: Double = 0, flakyPassChance: Double = 0.6, seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        tests = (0..<count).map { index in
            let testMedian = median * exp(sigma * random.normal())
            let flaky = random.unit() < flakyShare
            let chance = flaky ? flakyPassChance : 1
            let name = "Test\(index)"
            var durations: [Double] = []
            var passes = 0
            for run in 0..<10 {
                durations.append(testMedian * exp(0.2 * SplitMix64.normal(seed: seed ^ 0xA5A5, index, -1 - run)))
                if SplitMix64.unit(seed: seed ^ 0x5A5A, index, -1 - run) < chance { passes += 1 }
            }
            return Test(name: name, median: testMedian, passChance: chance,
                        history: TestHistoryFacts(name: name, durations: durations, passes: passes, runs: 10))
        }
    }

    /// Seconds run `run` (0 first) of test `index` takes: its median with a ±20 % log-normal spread.
    func seconds(_ index: Int, run: Int) -> Double {
        tests[index].median * exp(0.2 * SplitMix64.normal(seed: seed ^ 0xA5A5, index, run))
    }

    /// Whether run `run` of test `index` passes.
    func passes(_ index: Int, run: Int) -> Bool {
        SplitMix64.unit(seed: seed ^ 0x5A5A, index, run) < tests[index].passChance
    }

    /// The lower bound of any schedule's makespan: every test's first run, spread perfectly.
    func lowerBound(devices: Int) -> Double {
        let firstRuns = tests.indices.map { seconds($0, run: 0) }
        return max(firstRuns.reduce(0, +) / Double(devices), firstRuns.max() ?? 0)
    }
}

/// A small, seeded generator (SplitMix64), so the figures are the same on every machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one (test, run) pair.
    init(seed: UInt64, _ index: Int, _ run: Int) {
        state = seed &+ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(run)) &* 0xBF58_476D_1CE4_E5B9
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The first standard normal draw for one (test, run) pair.
    static func normal(seed: UInt64, _ index: Int, _ run: Int) -> Double {
        var generator = SplitMix64(seed: seed, index, run)
        return generator.normal()
    }

    /// The first uniform draw for one (test, run) pair.
    static func unit(seed: UInt64, _ index: Int, _ run: Int) -> Double {
        var generator = SplitMix64(seed: seed, index, run)
        return generator.unit()
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double {
        let u = max(unit(), 1e-12)
        return sqrt(-2 * log(u)) * cos(2 * .pi * unit())
    }
}
