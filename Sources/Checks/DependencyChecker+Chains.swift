/// The transitive rules: cycles and the longest chain.
extension DependencyChecker {
    /// One violation per group of modules that reach each other (a strongly connected
    /// component): the shortest cycle through the group's alphabetically first module. Every
    /// cycle of the group goes away only when the group does, so one chain per group is enough
    /// to act on and stays the same from run to run.
    func cycleViolations(_ rule: DependencyRule) -> [DependencyViolation] {
        let adjacency = index.adjacency(for: rule)
        let groups = StronglyConnected.components(count: index.names.count, start: adjacency.start) { index.edges[adjacency.edges[$0]].to }
        var violations: [DependencyViolation] = []
        for group in groups where group.count > 1 {
            let members = Set(group)
            guard let first = group.min() else { continue }
            let path = shortestCycle(through: first, within: members, adjacency: adjacency)
            let edges = path.map { violationEdge(index.edges[$0]) }
            let names = [index.names[first]] + edges.map(\.to)
            let others = group.count > names.count - 1 ? " (\(group.count) modules depend on each other; this is one cycle among them)" : ""
            violations.append(DependencyViolation(
                rule: rule.name, kind: rule.kind, edges: edges, message: "dependency cycle: " + names.joined(separator: " → ") + others
            ))
        }
        return violations
    }

    /// Breadth-first from `start` back to it, inside its component: edge positions in order.
    private func shortestCycle(through start: Int, within members: Set<Int>, adjacency: (start: [Int], edges: [Int])) -> [Int] {
        var reachedBy: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let module = queue[head]
            head += 1
            for slot in adjacency.start[module]..<adjacency.start[module + 1] {
                let position = adjacency.edges[slot]
                let target = index.edges[position].to
                guard members.contains(target), reachedBy[target] == nil else { continue }
                reachedBy[target] = position
                if target == start {
                    var path: [Int] = []
                    var cursor = start
                    repeat {
                        guard let edge = reachedBy[cursor] else { break }
                        path.append(edge)
                        cursor = index.edges[edge].from
                    } while cursor != start
                    return path.reversed()
                }
                queue.append(target)
            }
        }
        return []
    }

    /// The longest chain, counted in edges (A → B → C is 2), when it is longer than `limit`:
    /// one violation naming the chain. Edges that close a cycle are not followed (`no_cycles`
    /// reports those), so every chain visits each module once.
    func depthViolations(_ rule: DependencyRule, limit: Int) -> [DependencyViolation] {
        let adjacency = index.adjacency(for: rule)
        let count = index.names.count
        var depth = [Int](repeating: 0, count: count)
        var next = [Int](repeating: -1, count: count)  // the edge position continuing the longest chain
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
        var stack: [(module: Int, slot: Int)] = []
        for root in 0..<count where state[root] == 0 {
            state[root] = 1
            stack.append((root, adjacency.start[root]))
            while let top = stack.last {
                if top.slot < adjacency.start[top.module + 1] {
                    stack[stack.count - 1].slot += 1
                    let position = adjacency.edges[top.slot]
                    let target = index.edges[position].to
                    if state[target] == 0 {
                        state[target] = 1
                        stack.append((target, adjacency.start[target]))
                    } else if state[target] == 2, depth[target] + 1 > depth[top.module] {
                        depth[top.module] = depth[target] + 1
                        next[top.module] = position
                    }
                    continue
                }
                stack.removeLast()
                state[top.module] = 2
                if let parent = stack.last, depth[top.module] + 1 > depth[parent.module] {
                    depth[parent.module] = depth[top.module] + 1
                    next[parent.module] = adjacency.edges[parent.slot - 1]
                }
            }
        }
        guard let deepest = depth.indices.max(by: { depth[$0] < depth[$1] || (depth[$0] == depth[$1] && $0 > $1) }),
              depth[deepest] > limit else { return [] }
        var edges: [DependencyViolation.Edge] = []
        var cursor = deepest
        while next[cursor] >= 0 {
            let edge = index.edges[next[cursor]]
            edges.append(violationEdge(edge))
            cursor = edge.to
        }
        let names = [index.names[deepest]] + edges.map(\.to)
        return [DependencyViolation(
            rule: rule.name, kind: rule.kind, edges: edges,
            message: "a chain of \(depth[deepest]) dependencies, more than max_depth \(limit): " + names.joined(separator: " → ")
        )]
    }
}
