import Foundation
import Impact

/// The straightforward way, for comparison: for every changed file, read and parse the graph
/// file again, find the owning module by scanning every module's paths, build the reverse edges,
/// and breadth-first search from that module; then pick suites from the union.
enum Baseline {
    static func select(graphFile: URL, changed: [String]) throws -> (affected: Int, selected: Int) {
        var affected = Set<String>()
        for file in changed {
            let graph = try JSONDecoder().decode(ModuleGraph.self, from: Data(contentsOf: graphFile))
            var owner: String?
            var ownerLength = -1
            for module in graph.modules {
                for path in module.paths where (file == path || file.hasPrefix(path + "/")) && path.count > ownerLength {
                    owner = module.name
                    ownerLength = path.count
                }
            }
            guard let start = owner else { continue }
            var dependents: [String: [String]] = [:]
            for module in graph.modules {
                for dependency in module.dependencies { dependents[dependency, default: []].append(module.name) }
            }
            var queue = [start]
            var seen: Set<String> = [start]
            while let current = queue.popLast() {
                for next in dependents[current] ?? [] where seen.insert(next).inserted { queue.append(next) }
            }
            affected.formUnion(seen)
        }
        let graph = try JSONDecoder().decode(ModuleGraph.self, from: Data(contentsOf: graphFile))
        let selected = graph.testSuites.filter { suite in
            affected.contains(suite.module) || suite.dependencies.contains(where: affected.contains)
        }
        return (affected.count, selected.count)
    }
}
