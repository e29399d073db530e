import Foundation

/// The modules reachable backwards from the changed ones over production edges, found by one
/// multi-source breadth-first search, remembering for each the next hop towards its change so a
/// shortest chain can be told.
struct ReverseClosure {
    /// Each module's next hop towards a changed module (itself for a changed module), or -1.
    private var next: [Int32]
    /// Each module's distance from the nearest changed module, or -1 when unaffected.
    private var distance: [Int32]
    /// The affected module ids, ascending (ids are in name order).
    let affected: [Int32]

    /// Searches from `sources` (ascending ids, so ties resolve to the lower name).
    init(index: GraphIndex, sources: [Int32]) {
        let count = index.moduleNames.count
        var next = [Int32](repeating: -1, count: count)
        var distance = [Int32](repeating: -1, count: count)
        var queue: [Int32] = []
        queue.reserveCapacity(min(count, 1024))
        for source in sources where distance[Int(source)] < 0 {
            distance[Int(source)] = 0
            next[Int(source)] = source
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
                queue.append(dependent)
            }
        }
        self.next = next
        self.distance = distance
        self.affected = queue.sorted()
    }

    /// Whether the module is affected.
    func isAffected(_ module: Int32) -> Bool {
        distance[Int(module)] >= 0
    }

    /// Hops from the module to its nearest change.
    func depth(_ module: Int32) -> Int32 {
        distance[Int(module)]
    }

    /// The module, then each next hop, ending at the changed module.
    func path(from module: Int32) -> [Int32] {
        var path = [module]
        var current = module
        while next[Int(current)] != current, next[Int(current)] >= 0 {
            current = next[Int(current)]
            path.append(current)
        }
        return path
    }
}
