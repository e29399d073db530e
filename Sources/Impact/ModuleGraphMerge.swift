import Foundation

/// Joins the graphs of a project's several build descriptions (a `Package.swift` for the
/// developer tools next to a `project.yml` for the app, an XcodeGen app with a Gradle module
/// for Android) into one graph.
///
/// Names that appear in more than one description are one module (or suite) owning the union
/// of their paths and dependencies: each description may only know part of the truth, and the
/// union can only select more suites, never fewer.
enum ModuleGraphMerge {
    /// The union of `graphs`, modules and suites in first-seen order, lists without duplicates.
    static func merge(_ graphs: [ModuleGraph]) -> ModuleGraph {
        guard graphs.count > 1, let first = graphs.first else { return graphs.first ?? ModuleGraph(modules: []) }
        var modules = first.modules
        var suites = first.testSuites
        var runAll = first.runAllPaths
        var unknown = first.unknownModules
        var warnings = first.warnings
        var modulePosition = Dictionary(modules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        var suitePosition = Dictionary(suites.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })

        for graph in graphs.dropFirst() {
            for module in graph.modules {
                if let position = modulePosition[module.name] {
                    modules[position].paths = union(modules[position].paths, module.paths)
                    modules[position].dependencies = union(modules[position].dependencies, module.dependencies)
                    if let more = module.declarations {
                        modules[position].declarations = (modules[position].declarations ?? []) + more
                    }
                } else {
                    modulePosition[module.name] = modules.count
                    modules.append(module)
                }
            }
            for suite in graph.testSuites {
                if let position = suitePosition[suite.name] {
                    // A second description's idea of the tested module becomes a test edge.
                    let extra = suite.module == suites[position].module ? [] : [suite.module]
                    suites[position].paths = union(suites[position].paths, suite.paths)
                    suites[position].dependencies = union(suites[position].dependencies, suite.dependencies + extra)
                } else {
                    suitePosition[suite.name] = suites.count
                    suites.append(suite)
                }
            }
            runAll = union(runAll, graph.runAllPaths)
            unknown += graph.unknownModules.filter { !unknown.contains($0) }
            warnings += graph.warnings
        }
        return ModuleGraph(modules: modules, testSuites: suites, runAllPaths: runAll, unknownModules: unknown, warnings: warnings)
    }

    private static func union(_ base: [String], _ more: [String]) -> [String] {
        var seen = Set(base)
        return base + more.filter { seen.insert($0).inserted }
    }
}

extension ModuleGraph {
    /// The graphs of several build descriptions of one project as one graph: a name found in
    /// more than one is one module (or suite) with the union of their paths and dependencies.
    public static func merging(_ graphs: [ModuleGraph]) -> ModuleGraph {
        ModuleGraphMerge.merge(graphs)
    }
}
