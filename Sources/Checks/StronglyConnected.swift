/// Tarjan's strongly connected components, without recursion (a 10,000-module chain would
/// overflow the stack).
enum StronglyConnected {
    /// The components of a graph of `count` nodes whose node `n`'s edges are the slots
    /// `start[n]..<start[n + 1]`, `target(slot)` naming where each leads.
    static func components(count: Int, start: [Int], target: (Int) -> Int) -> [[Int]] {
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var counter = 0
        var frames: [(node: Int, slot: Int)] = []
        for root in 0..<count where order[root] < 0 {
            frames.append((root, start[root]))
            order[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                if frame.slot < start[frame.node + 1] {
                    frames[frames.count - 1].slot += 1
                    let next = target(frame.slot)
                    if order[next] < 0 {
                        order[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        frames.append((next, start[next]))
                    } else if onStack[next] {
                        low[frame.node] = min(low[frame.node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[frame.node]) }
                guard low[frame.node] == order[frame.node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == frame.node { break }
                }
                components.append(component)
            }
        }
        return components
    }
}
