import Foundation

/// The modules reachable backwards from the changed ones over production edges, found by one
/// multi-source breadth-first search, remembering for each the next hop towards its change so a
/// shortest chain can be told.
struct ReverseClosure {
    /// Each module's next hop towards a changed module (itself for a changed module), or -1.
    private var next: [Int32]
    /// Each module's changed module at the end of its chain, or -1.
    private var origin: [Int32]
    /// Each module's distance from the nearest changed module, or -1 when unaffected.
    private var distance: [Int32]
    /// The affected module ids, ascending (ids are in name order).
    let affected: [Int32]

    /// Searches from `sources` (ascending ids, so ties resolve to the lower name).
    init(index: GraphIndex, sources: [Int32]) {
        let count = index.moduleNames.count
        var next = [Int32](repeating: -1, count: count)
        var distance = [Int32](repeating: -1, count: count)
        var origin = [Int32](repeating: -1, count: count)
        var queue: [Int32] = []
        queue.reserveCapacity(min(count, 1024))
        for source in sources where distance[Int(source)] < 0 {
            distance[Int(source)] = 0
            next[Int(source)] = source
            origin[Int(source)] = source
            queue.append(source)
        }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            let depth = distance[Int(current)] + 1
            for dependent in index.dependents[Int(current)] where distance[Int(dependent)] < 0 {
                distance[Int(dependent)] = depth
                next[Int(dependent)] = current
                origin[Int(dependent)] = origin[Int(current)]
                queue.append(dependent)
            }
        }
        self.next = next
        self.distance = distance
        self.origin = origin
        self.affected = queue.sorted()
    }

    /// Whether the module is affected.
    func isAffected(_ module: Int32) -> Bool {
        distance[Int(module)] >= 0
    }

    /// The next hop from the module towards its change (itself for a changed module, -1 if unaffected).
    func next(of module: Int32) -> Int32 {
        next[Int(module)]
    }

    /// The changed module at the end of the module's chain.
    func origin(of module: Int32) -> Int32 {
        origin[Int(module)]
    }

    /// Hops from the module to its nearest change.
    func depth(_ module: Int32) -> Int32 {
        distance[Int(module)]
    }
}
