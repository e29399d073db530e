// MARK: - Cycles

extension Validator {
    /// Every elementary cycle found by a depth-first search, spelled `A → B → C → A`.
    /// ``Provider`` edges are deferred and do not count.
    func cycles() -> [ValidationProblem] {
        let count = self.plan.registrations.count
        // 0: unvisited, 1: on the current path, 2: done.
        var state = [UInt8](repeating: 0, count: count)
        var stack: [Int] = []
        var seen: Set<[Int]> = []
        var problems: [ValidationProblem] = []

        func visit(_ node: Int) {
            state[node] = 1
            stack.append(node)
            for position in self.plan.edgeRange(of: node) {
                let edge = self.plan.edgeList[position]
                if edge.kind == .provider { continue }
                switch state[edge.target] {
                case 0:
                    visit(edge.target)
                case 1:
                    guard let start = stack.lastIndex(of: edge.target) else { continue }
                    let cycle = Array(stack[start...])
                    // Rotate to the smallest index so each cycle is reported once.
                    let pivot = cycle.firstIndex(of: cycle.min() ?? edge.target) ?? 0
                    let canonical = Array(cycle[pivot...] + cycle[..<pivot])
                    if seen.insert(canonical).inserted {
                        let names = (canonical + [canonical[0]]).map(self.plan.name(of:))
                        problems.append(ValidationProblem(kind: .cycle, path: names, message: "dependency cycle"))
                    }
                default:
                    continue
                }
            }
            stack.removeLast()
            state[node] = 2
        }

        for node in 0..<count where state[node] == 0 {
            visit(node)
        }
        return problems
    }

    // MARK: Captive dependencies

    /// Singletons that would keep a scoped instance (directly or through transients)
    /// or, per ``ValidationOptions/capturedTransient``, a transient instance alive forever.
    func captiveDependencies() -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        for (owner, registration) in self.plan.registrations.enumerated() where registration.lifetime.isContainerWide {
            var visited: Set<Int> = [owner]
            // Depth-first through transients, remembering the path from the singleton.
            // A provider edge holds no instance: only a scoped target is a problem there
            // (resolved outside any scope), and the search does not continue through it.
            var pending: [(node: Int, path: [Int], deferred: Bool)] = self.plan.edges(of: owner).reversed().map {
                ($0.target, [owner, $0.target], $0.kind == .provider)
            }
            while let (node, path, deferred) = pending.popLast() {
                let lifetime = self.plan.registrations[node].lifetime
                if deferred, lifetime != .scoped { continue }
                guard visited.insert(node).inserted else { continue }
                let ownerName = self.plan.name(of: owner)
                let names = path.map(self.plan.name(of:))
                switch lifetime {
                case .scoped:
                    problems.append(
                        ValidationProblem(
                            kind: .captiveDependency,
                            path: names,
                            message: "captive dependency: \(registration.lifetime) \(ownerName) would keep "
                                + "scoped \(self.plan.name(of: node)) alive forever"
                        )
                    )
                case .transient:
                    if path.count == 2, let severity = self.options.capturedTransient {
                        problems.append(
                            ValidationProblem(
                                kind: .captiveDependency,
                                severity: severity,
                                path: names,
                                message: "captive dependency: \(registration.lifetime) \(ownerName) would keep "
                                    + "transient \(self.plan.name(of: node)) alive forever"
                            )
                        )
                    }
                    for edge in self.plan.edges(of: node).reversed() where !visited.contains(edge.target) {
                        pending.append((edge.target, path + [edge.target], edge.kind == .provider))
                    }
                case .singleton, .eagerSingleton:
                    continue
                }
            }
        }
        return problems
    }
}
