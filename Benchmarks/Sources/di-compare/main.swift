import BenchmarkFixtures
import DI
import Swinject

#if canImport(Glibc)
import Glibc
#endif

// MARK: - Harness

// A plain release-mode harness: `swift run -c release di-compare`. Each figure is the
// best (lowest) mean of several rounds, in nanoseconds per operation: on a shared machine
// the best round is the one least disturbed by other processes.

/// The best mean time per iteration over `rounds` rounds of `iterations` calls.
func measure(rounds: Int = 15, iterations: Int, _ body: (Int) async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    try await body(max(1, iterations / 10))  // warm-up
    for _ in 0..<rounds {
        let elapsed = try await clock.measure { try await body(iterations) }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, nanoseconds / Double(iterations))
    }
    return best
}

/// Formats nanoseconds with a unit.
func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(format3(nanoseconds / 1_000_000)) + " ms" }
    if nanoseconds >= 1_000 { return String(format3(nanoseconds / 1_000)) + " µs" }
    return String(format3(nanoseconds)) + " ns"
}

/// Three significant-ish digits without Foundation.
func format3(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return scaled >= 100 ? String(Int(scaled.rounded())) : String(scaled)
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

// MARK: - Workloads

/// The measured figures of one workload, in nanoseconds per operation.
struct Figures {
    let di: Double
    let swinject: Double
    let hand: Double?
}

/// Runs every workload. A plain (nonisolated) function, so the loops run on the global
/// executor: awaiting from main-actor code would add two thread hops per call.
func runWorkloads() async throws -> [Figures] {

    let diContainer = try await DIWiring.container()
    let swinjectContainer = SwinjectWiring.container()
    let config = AppConfig()

    let singletonDI = try await measure(iterations: 2_000_000) { n in
        for _ in 0..<n { sink(try await diContainer.resolve(AppConfig.self)) }
    }
    let singletonSwinject = await measure(iterations: 200_000) { n in
        for _ in 0..<n { sink(swinjectContainer.resolve(AppConfig.self)) }
    }
    let singletonHand = await measure(iterations: 2_000_000) { n in
        for _ in 0..<n { sink(config) }
    }

    let graphDI = try await measure(iterations: 200_000) { n in
        for _ in 0..<n { sink(try await diContainer.resolve(Root.self)) }
    }
    let graphSwinject = await measure(iterations: 10_000) { n in
        for _ in 0..<n { sink(swinjectContainer.resolve(Root.self)) }
    }
    let graphHand = await measure(iterations: 200_000) { n in
        for _ in 0..<n { sink(HandWired.root()) }
    }

    let largeDI = try await measure(iterations: 200) { n in
        for _ in 0..<n { sink(try await Large.buildDI()) }
    }
    let largeSwinject = await measure(iterations: 200) { n in
        for _ in 0..<n { sink(Large.buildSwinject()) }
    }
    return [
        Figures(di: singletonDI, swinject: singletonSwinject, hand: singletonHand),
        Figures(di: graphDI, swinject: graphSwinject, hand: graphHand),
        Figures(di: largeDI, swinject: largeSwinject, hand: nil),
    ]
}

/// Loops over one workload for a profiler (`count` overrides the default iteration count,
/// e.g. a small one for `valgrind --tool=callgrind`).
func profile(_ mode: String, count: Int?) async throws {
    let container = try await DIWiring.container()
    switch mode {
    case "profile-graph":
        for _ in 0..<(count ?? 3_000_000) { sink(try await container.resolve(Root.self)) }
    case "profile-singleton":
        for _ in 0..<(count ?? 200_000_000) { sink(try await container.resolve(AppConfig.self)) }
    case "profile-hand-graph":
        for _ in 0..<(count ?? 3_000_000) { sink(HandWired.root()) }
    case "profile-none":
        break
    default:
        for _ in 0..<(count ?? 3_000) { sink(try await Large.buildDI()) }
    }
}

// MARK: - Report

// `di-compare profile-graph|profile-singleton|profile-build [count]` loop over one DI
// workload (`profile-hand-graph` over the hand-wired graph) for `perf record` or
// `perf stat -e instructions:u` (compare counts of two `count`s for a per-call figure).
let arguments = CommandLine.arguments.dropFirst()
if let mode = arguments.first, mode.hasPrefix("profile-") {
    try await profile(mode, count: arguments.dropFirst().first.flatMap { Int($0) })
    exit(0)
}

let figures = try await runWorkloads()
/// One table row: the workload, its figures, the target's text and whether it holds.
let rows: [(String, Figures, String, Bool)] = [
    ("1 resolve singleton", figures[0], "≤ 20 ns", figures[0].di <= 20),
    ("2 transient graph, 31 objects", figures[1], "≤ 1.5× hand-wired", figures[1].hand.map { figures[1].di <= 1.5 * $0 } ?? false),
    ("3 build+validate 500 registrations", figures[2], "< 1 ms", figures[2].di < 1_000_000),
]
print(
    pad("workload", 36) + pad("DI", 11) + pad("Swinject", 11) + pad("hand-wired", 12)
        + pad("DI vs Swinject", 16) + pad("DI/hand", 9) + pad("target", 20) + "result"
)
for (name, row, target, holds) in rows {
    let (di, swinject, hand) = (row.di, row.swinject, row.hand)
    print(
        pad(name, 36) + pad(format(di), 11) + pad(format(swinject), 11) + pad(hand.map(format) ?? "n/a", 12)
            + pad(format3(swinject / di) + "× faster", 16) + pad(hand.map { format3(di / $0) + "×" } ?? "n/a", 9)
            + pad(target, 20) + (holds ? "PASS" : "FAIL")
    )
}
print("(3) Swinject only registers: it has no validation step. Figures: best mean of 15 rounds.")
