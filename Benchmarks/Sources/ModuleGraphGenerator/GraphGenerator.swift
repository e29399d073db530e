import Foundation
import Impact

/// SplitMix64: a tiny deterministic generator, so every run benchmarks the same graph.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates a module graph shaped like a large modular app: modules in groups of 100, each
/// listing its source files explicitly, edges mostly to nearby lower-numbered modules (layers)
/// with some long-range ones, a unit suite for every 5th module and a UI suite for every 10th.
public struct GraphGenerator {
    /// Modules to generate.
    public let moduleCount: Int
    /// Production edges to generate.
    public let edgeCount: Int
    /// Production files, spread evenly over the modules.
    public let fileCount: Int
    /// The seed: the same seed, the same graph.
    public let seed: UInt64

    /// A generator; shared by impact-bench and checks-bench, so both measure the same graph.
    public init(moduleCount: Int, edgeCount: Int, fileCount: Int, seed: UInt64) {
        self.moduleCount = moduleCount
        self.edgeCount = edgeCount
        self.fileCount = fileCount
        self.seed = seed
    }

    /// `m00042`.
    public static func moduleName(_ index: Int) -> String { "m\(String(format: "%05d", index))" }

    /// The module's folder.
    public static func root(_ index: Int) -> String { "modules/g\(index / 100)/\(moduleName(index))" }

    /// The graph and every production file path, in module order.
    public func generate() -> (graph: ModuleGraph, files: [String]) {
        var random = SeededGenerator(seed: seed)
        var edges = [Set<Int>](repeating: [], count: moduleCount)
        var placed = 0
        // A DAG: a module only depends on lower-numbered ones.
        while placed < edgeCount {
            let from = Int.random(in: 1..<moduleCount, using: &random)
            let to: Int = Int.random(in: 0..<10, using: &random) == 0
                ? Int.random(in: 0..<from, using: &random)
                : max(0, from - 1 - Int.random(in: 0..<min(from, 300), using: &random))
            if edges[from].insert(to).inserted { placed += 1 }
        }
        let filesPerModule = fileCount / moduleCount
        var modules: [Module] = []
        var suites: [TestSuite] = []
        var files: [String] = []
        files.reserveCapacity(fileCount)
        for index in 0..<moduleCount {
            let root = Self.root(index)
            let paths = (0..<filesPerModule).map { "\(root)/Sources/Feature\($0 / 5)/File\($0).swift" }
            files += paths
            modules.append(Module(
                name: Self.moduleName(index), paths: paths + ["\(root)/BUILD"],
                dependencies: edges[index].sorted().map(Self.moduleName)
            ))
            if index % 5 == 0 {
                let helper = Self.moduleName(Int.random(in: 0..<moduleCount, using: &random))
                suites.append(TestSuite(name: "\(Self.moduleName(index))Tests", module: Self.moduleName(index), kind: .unit, paths: ["\(root)/Tests"], dependencies: [helper]))
            }
            if index % 10 == 0 {
                suites.append(TestSuite(name: "\(Self.moduleName(index))UITests", module: Self.moduleName(index), kind: .ui, paths: ["\(root)/UITests"]))
            }
        }
        return (ModuleGraph(modules: modules, testSuites: suites, runAllPaths: ["build-support"]), files)
    }

    /// `count` distinct files picked with `random`.
    public static func pick(_ count: Int, from files: [String], using random: inout SeededGenerator) -> [String] {
        var chosen = Set<Int>()
        while chosen.count < min(count, files.count) { chosen.insert(Int.random(in: 0..<files.count, using: &random)) }
        return chosen.sorted().map { files[$0] }
    }
}
