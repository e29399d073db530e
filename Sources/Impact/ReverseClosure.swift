import Foundation

/// The modules reachable backwards from the changed ones over production edges, found by one
/// multi-source breadth-first search, remembering for each the next hop towards its change so a
/// shortest chain can be told.
struct ReverseClosure {
    /// Each module's next hop towards a changed module (itself for a changed module), or -1.
    private let next: [Int32]
    /// Each module's distance from the nearest changed module, or -1 when unaffected.
    private let distance: [Int32]
    /// The affected module ids, ascending (ids are in name order).
    let affected: [Int32]

    /// Searches from `sources` (ascending ids, so ties resolve to the lower name).
    init(index: GraphIndex, sources: [Int32]) {
        let count = index.moduleNames.count
        var next = [Int32](repeating: -1, count: count)
        var distance = [Int32](repeating: -1, count: count)
        // Each module is queued at most once, so the queue never outgrows the module count.
        var queue = [Int32](repeating: 0, count: count)
        var tail = 0
        for source in sources where distance[Int(source)] < 0 {
            distance[Int(source)] = 0
            next[Int(source)] = source
            queue[tail] = source
            tail += 1
        }
        // Raw buffers: this loop visits every production edge into the closure (about 50,000
        // on the benchmark graph), where array bounds and uniqueness checks were most of its cost.
        // Ids come from the index, which only holds ids below `count`.
        index.dependentStart.withUnsafeBufferPointer { start in
            index.dependentList.withUnsafeBufferPointer { list in
                distance.withUnsafeMutableBufferPointer { distance in
                    next.withUnsafeMutableBufferPointer { next in
                        queue.withUnsafeMutableBufferPointer { queue in
                            var head = 0
                            while head < tail {
                                let current = queue[head]
                                head += 1
                                let depth = distance[Int(current)] + 1
                                for position in Int(start[Int(current)])..<Int(start[Int(current) + 1]) {
                                    let dependent = list[position]
                                    guard distance[Int(dependent)] < 0 else { continue }
                                    distance[Int(dependent)] = depth
                                    next[Int(dependent)] = current
                                    queue[tail] = dependent
                                    tail += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        // A scan in id order yields them ascending in O(modules), cheaper than sorting the queue.
        var affected: [Int32] = []
        affected.reserveCapacity(tail)
        for module in distance.indices where distance[module] >= 0 { affected.append(Int32(module)) }
        self.next = next
        self.distance = distance
        self.affected = affected
    }

    /// Whether the module is affected.
    func isAffected(_ module: Int32) -> Bool {
        distance[Int(module)] >= 0
    }

    /// The next hop from the module towards its change (itself for a changed module, -1 if unaffected).
    func next(of module: Int32) -> Int32 {
        next[Int(module)]
    }

    /// Hops from the module to its nearest change.
    func depth(_ module: Int32) -> Int32 {
        distance[Int(module)]
    }
}
