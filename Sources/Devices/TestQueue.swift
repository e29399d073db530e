/// A build's tests waiting for devices: one queue, longest expected first, from which each
/// device that falls free takes its next batch (work stealing, not fixed shards). A batch
/// handed back whole (its device failed it) goes back in its place.
public struct TestQueue: Codable, Sendable, Equatable {
    /// The runs not yet handed out, longest expected first.
    public private(set) var pending: [PlannedTest]

    /// A queue of `tests`, put in queue order.
    public init(_ tests: [PlannedTest]) {
        self.pending = tests.sorted(by: PlannedTest.precedes)
    }

    /// Whether every run has been handed out.
    public var isEmpty: Bool { pending.isEmpty }

    /// Expected seconds of the runs not handed out.
    public var remainingSeconds: Double { pending.reduce(0) { $0 + $1.expectedSeconds } }

    /// The next batch for a free device: the longest run waiting, then the runs after it
    /// while the batch stays within `budgetSeconds` (a run longer than the budget goes alone).
    /// Never two copies of one test in a batch: copies are there to run on different devices,
    /// so a copy is passed over and stays queued. Empty when nothing waits.
    /// Runs `excluded` says no to (a retry on the device it failed on) are passed over too.
    public mutating func nextBatch(budgetSeconds: Double, excluding excluded: (PlannedTest) -> Bool = { _ in false }) -> [PlannedTest] {
        guard let firstIndex = pending.firstIndex(where: { !excluded($0) }) else { return [] }
        let first = pending[firstIndex]
        var batch = [first]
        var names: Set<String> = [first.name]
        var total = first.expectedSeconds
        var taken: Set<Int> = [firstIndex]
        for index in pending.indices where index > firstIndex {
            let candidate = pending[index]
            if names.contains(candidate.name) || excluded(candidate) { continue }
            guard total + candidate.expectedSeconds <= budgetSeconds else { break }
            batch.append(candidate)
            names.insert(candidate.name)
            total += candidate.expectedSeconds
            taken.insert(index)
        }
        pending = pending.indices.filter { !taken.contains($0) }.map { pending[$0] }
        return batch
    }

    /// Puts a batch back (its device failed it, so no run in it counts as tried), each run in
    /// its queue place.
    public mutating func requeue(_ batch: [PlannedTest]) {
        pending = (pending + batch).sorted(by: PlannedTest.precedes)
    }

    /// Takes every waiting run of `name` out (its verdict is known), answering how many there were.
    @discardableResult
    public mutating func remove(_ name: String) -> Int {
        let before = pending.count
        pending.removeAll { $0.name == name }
        return before - pending.count
    }

    /// How many runs of `name` wait.
    public func waiting(_ name: String) -> Int {
        pending.reduce(0) { $0 + ($1.name == name ? 1 : 0) }
    }
}
