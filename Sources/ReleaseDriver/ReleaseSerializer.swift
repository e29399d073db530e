// MARK: - ReleaseSerializer

/// Runs the operations on one release one at a time, in arrival order; different releases
/// do not wait for each other.
///
/// The database keeps each transition consistent, but a step that calls a store spans a
/// transaction, an HTTP call and another transaction. Without this, a health breach handled
/// while the scheduler's rollout step waits for Google Play could halt Play before the step
/// lands (and the step then undoes the halt), or find no recorded step to halt at.
public actor ReleaseSerializer {
    /// Releases with an operation running, each with the operations waiting behind it.
    private var waiting: [Int64: [CheckedContinuation<Void, Never>]] = [:]

    /// Creates a serializer with nothing running.
    public init() {}

    /// Runs `operation` once every earlier operation on release `id` has finished.
    public nonisolated func run<T: Sendable>(_ id: Int64, _ operation: @Sendable () async throws -> T) async throws -> T {
        await enter(id)
        do {
            let value = try await operation()
            await leave(id)
            return value
        } catch {
            await leave(id)
            throw error
        }
    }

    private func enter(_ id: Int64) async {
        guard waiting[id] != nil else {
            waiting[id] = []
            return
        }
        await withCheckedContinuation { waiting[id, default: []].append($0) }
    }

    private func leave(_ id: Int64) {
        guard var queue = waiting[id], !queue.isEmpty else {
            waiting[id] = nil
            return
        }
        // The next operation runs now; the release stays marked as busy for it.
        let next = queue.removeFirst()
        waiting[id] = queue
        next.resume()
    }
}
