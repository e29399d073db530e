/// Lets one task at a time work on a key (a release's id) in this process; the others wait
/// their turn in order, holding neither a connection nor a thread.
///
/// A transaction that locks a row makes every other transaction on that row wait inside its
/// `SELECT … FOR UPDATE`: holding a pooled connection, and counted against
/// `statement_timeout`. Ten actions on one release at once (a burst of sign-offs, the train's
/// check beside a person) would hold ten connections, and on a busy machine the tenth could
/// time out behind the nine before it. Waiting here instead, they reach the database one by
/// one. The row lock stays: other servers sharing the database still queue on it.
actor KeyedTurns {
    /// The keys some task is working on.
    private var busy: Set<Int64> = []
    /// Per key, the tasks waiting for their turn, oldest first.
    private var waiting: [Int64: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `work` once no other task of this process works on `key`.
    func withTurn<T: Sendable>(_ key: Int64, _ work: @Sendable () async throws -> T) async throws -> T {
        await take(key)
        do {
            let value = try await work()
            hand(key)
            return value
        } catch {
            hand(key)
            throw error
        }
    }

    /// Waits until `key` is free, then holds it.
    private func take(_ key: Int64) async {
        if busy.insert(key).inserted { return }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    /// Gives `key` to the next waiting task, or frees it.
    private func hand(_ key: Int64) {
        guard var queue = waiting[key], !queue.isEmpty else {
            busy.remove(key)
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue.isEmpty ? nil : queue
        next.resume()
    }
}
