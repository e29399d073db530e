import BuildMetrics
import Foundation

/// Deterministic synthetic build reports: 5 repositories × 4 pipelines × 50 branches × 2
/// platforms, durations log-normal-ish around 10 minutes, a task pool per platform.
struct Workload {
    static let repositories = (1...5).map { "acme/app-\($0)" }
    static let pipelines = ["pr", "main", "nightly", "release"]
    static let branches = ["main"] + (1...49).map { "feature/branch-\($0)" }
    static let taskPool = (0..<400).map { ":module\($0 / 20):task\($0 % 20)" }
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// xorshift64*: fast, reproducible.
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }

    /// A report finished at `finishedAt` with `taskCount` tasks.
    mutating func report(finishedAt: Date, taskCount: Int) -> BuildReport {
        let platform: Platform = next() % 2 == 0 ? .ios : .android
        let pipeline = pick(Self.pipelines)
        let duration = 120 + 600 * -log(max(uniform(), 1e-9)) * 0.7
        let roll = uniform()
        let outcome: BuildOutcome = roll < 0.85 ? .success : (roll < 0.97 ? .failure : .canceled)
        var tasks: [TaskRecord] = []
        tasks.reserveCapacity(taskCount)
        for index in 0..<taskCount {
            let kind = next() % 10
            let taskOutcome: TaskOutcome = kind < 4 ? .fromCache : (kind < 6 ? .executed : (kind < 9 ? .upToDate : .noSource))
            tasks.append(TaskRecord(
                name: Self.taskPool[(index * 7 + Int(next() % 5)) % Self.taskPool.count], target: ":module\(index % 20)",
                durationSeconds: uniform() * 5, outcome: taskOutcome, cacheKind: taskOutcome == .fromCache ? (kind == 0 ? .local : .remote) : .unknown))
        }
        return BuildReport(
            dimensions: BuildDimensions(
                repository: pick(Self.repositories), branch: pipeline == "pr" ? pick(Self.branches) : "main", pipeline: pipeline,
                platform: platform, machine: "agent-\(next() % 40)", xcodeVersion: platform == .ios ? "16.2" : nil,
                gradleVersion: platform == .android ? "8.10.2" : nil, environment: .ci, buildKind: .incremental),
            finishedAt: finishedAt, durationSeconds: duration, queueSeconds: uniform() * 120, outcome: outcome,
            steps: [StepRecord(name: "build", durationSeconds: duration, outcome: outcome)], tasks: tasks)
    }
}

/// p50/p95/max of timings in milliseconds.
struct Timings {
    var samples: [Double] = []

    mutating func measure(_ body: () throws -> Void) rethrows {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }

    mutating func measureAsync(_ body: () async throws -> Void) async rethrows {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }

    /// The `p`-th percentile by nearest rank, in milliseconds.
    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
    }

    func line(_ name: String) -> String {
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))] }
        return name.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: "n=%4d  p50 %8.2f ms  p95 %8.2f ms  max %8.2f ms", sorted.count, rank(50), rank(95), sorted.last ?? 0)
    }
}
