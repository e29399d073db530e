import Synchronization

// MARK: - GroupCommit

/// Group commit: items submitted while a write is under way are written together by the next
/// one, in one transaction, so a burst of N requests costs one commit instead of N.
///
/// Each submitter waits until the transaction holding its item has committed, so an answer
/// sent after ``submit(_:)`` returns still means "durable". Batches are written one after
/// another by a task of their own that suspends while a batch commits. The writer must not
/// block its thread (the SQLite store commits on GRDB's writer queue): blocking one of
/// Swift's two cooperative threads would also stop the requests that could join the next batch.
public final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    /// Writes a batch and answers one result per item, in order.
    public typealias BatchWriter = @Sendable ([Item]) async -> [Result<Output, any Error>]

    private struct Waiting: Sendable {
        var item: Item
        var continuation: CheckedContinuation<Output, any Error>
    }

    private struct State: Sendable {
        var waiting: [Waiting] = []
        var writing = false
    }

    private let state = Mutex(State())
    private let taskName: String
    private let maximumBatch: Int
    private let writeBatch: BatchWriter

    /// Creates an idle group commit whose batches hold at most `maximumBatch` items (a bound
    /// on how long one transaction keeps the writer and its submitters waiting).
    public init(label: String, maximumBatch: Int = 128, writeBatch: @escaping BatchWriter) {
        self.taskName = "mobile-ops.group-commit.\(label)"
        self.maximumBatch = max(1, maximumBatch)
        self.writeBatch = writeBatch
    }

    /// Writes `item` with whatever else is waiting and answers its result once committed.
    public func submit(_ item: Item) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let startsWriter = state.withLock { state in
                state.waiting.append(Waiting(item: item, continuation: continuation))
                defer { state.writing = true }
                return !state.writing
            }
            // Detached: the writer serves every submitter, so it takes on none of the first
            // one's task-locals or priority.
            if startsWriter { Task.detached(name: taskName) { await self.drain() } }
        }
    }

    /// Writes batches until nothing waits.
    private func drain() async {
        while true {
            let batch: [Waiting] = state.withLock { state in
                let batch = Array(state.waiting.prefix(maximumBatch))
                state.waiting.removeFirst(batch.count)
                if batch.isEmpty { state.writing = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let results = await writeBatch(batch.map(\.item))
            for (index, waiting) in batch.enumerated() {
                waiting.continuation.resume(with: index < results.count ? results[index] : .failure(StoreError.database("the batch write gave no result for this item")))
            }
        }
    }
}
