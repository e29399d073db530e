// MARK: - ScopeStorage

/// The mutable state of a ``Scope``, only touched under the scope's lock.
struct ScopeStorage: Sendable {
    /// One creation state per scoped registration, indexed by the node's scope slot.
    var slots: [CreationState<any CachedInstance>]
    /// Slots in the order their instances were created, for disposal newest-first.
    var creationOrder: [Int] = []
    /// Set by `close()`.
    var closed = false

    init(slotCount: Int) {
        self.slots = Array(repeating: .idle, count: slotCount)
    }

    /// Records a creator's outcome and returns the waiters to resume with it.
    mutating func finish(slot: Int, _ outcome: Result<any CachedInstance, ResolutionError>) -> [Waiter<any CachedInstance>] {
        guard self.slots.indices.contains(slot) else { return [] }
        let waiters = self.slots[slot].finish(outcome)
        if case .success = outcome, !self.closed {
            self.creationOrder.append(slot)
        }
        return waiters
    }

    /// Marks the scope closed and hands back its instances, newest first, plus the
    /// resolvers still waiting for an instance (to be told to look again, and fail).
    mutating func close() -> (instances: [any CachedInstance], waiters: [Waiter<any CachedInstance>]) {
        self.closed = true
        var instances: [any CachedInstance] = []
        for slot in self.creationOrder.reversed() {
            if case .ready(let instance) = self.slots[slot] {
                instances.append(instance)
            }
        }
        var waiters: [Waiter<any CachedInstance>] = []
        for case .creating(let parked) in self.slots {
            waiters += parked
        }
        self.slots = []
        self.creationOrder = []
        return (instances, waiters)
    }
}
