import Foundation

/// The precomputed lookups one analysis needs, built once per graph: module ids in name order,
/// reverse production adjacency, each suite's module and test edges as ids, and a
/// path → owner table keyed by every module and suite root.
///
/// Ownership is a hash lookup per path component (the changed path, then each parent folder
/// up to the root), so a change costs O(depth) regardless of the graph's size.
struct GraphIndex: Sendable {
    /// Who owns a root path.
    enum Owner: Hashable, Sendable {
        case module(Int32)
        case suite(Int32)
        /// An ``UnknownModule`` by its position in ``unknownSources``.
        case unknown(Int32)
    }

    /// Module names, sorted; a module's id is its position.
    let moduleNames: [String]
    /// Name → id.
    let moduleIDs: [String: Int32]
    /// The modules that depend on module `m` through production edges (ascending ids) are
    /// `dependentList[dependentStart[m]..<dependentStart[m + 1]]`: one flat array, so the
    /// breadth-first search of every analysis reads contiguous memory instead of 10,000 arrays.
    let dependentStart: [Int32]
    /// All modules' dependents, concatenated in module order (see ``dependentStart``).
    let dependentList: [Int32]
    /// ``moduleNames`` packed as UTF-8, for writing chains with byte copies.
    let moduleNameUTF8: PackedUTF8
    /// Suites sorted by name; a suite's id is its position.
    let suites: [TestSuite]
    /// The suites' names packed as UTF-8, by suite id.
    let suiteNameUTF8: PackedUTF8
    /// Each suite's module id, or -1 when its module is not in the graph.
    let suiteModule: [Int32]
    /// Each suite's test-edge module ids (known modules only, ascending, without its own module).
    let suiteTestDependencies: [[Int32]]
    /// Root path → its owner, packed (see ``pack(_:)``); most roots have exactly one owner, so
    /// a packed integer saves one array allocation per root on graphs with 200,000 roots.
    let packedOwners: [String: UInt32]
    /// Owner lists of roots with several owners; a packed value with the high bit set indexes here.
    let sharedOwners: [[Owner]]
    /// What tells of each unknown module (``UnknownModule/source``), by id.
    let unknownSources: [String]
    /// Normalized paths the graph cannot see into.
    let runAllPaths: Set<String>
    /// The UTF-8 lengths of ``runAllPaths`` when all of them are ASCII, else nil: an ASCII
    /// folder can then only equal one of them if its length does, which spares most lookups.
    let runAllASCIILengths: Set<Int>?
    /// What was odd about the graph (dependencies on names it does not contain, duplicate roots).
    let warnings: [String]

    // MARK: Building

    /// Indexes a graph; throws for duplicate or empty names, which would make answers ambiguous.
    init(_ graph: ModuleGraph) throws(ImpactError) {
        var warnings = graph.warnings
        let sortedModules = graph.modules.sorted { $0.name < $1.name }
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(sortedModules.count)
        for (position, module) in sortedModules.enumerated() {
            guard !module.name.isEmpty else { throw .invalidGraph("a module has an empty name") }
            guard ids.updateValue(Int32(position), forKey: module.name) == nil else {
                throw .invalidGraph("module '\(module.name)' appears twice")
            }
        }
        var dependents = [[Int32]](repeating: [], count: sortedModules.count)
        var unknown = Set<String>()
        for (position, module) in sortedModules.enumerated() {
            for dependency in module.dependencies {
                guard let target = ids[dependency] else { unknown.insert(dependency); continue }
                if target != Int32(position) { dependents[Int(target)].append(Int32(position)) }
            }
        }
        // Ascending and unique so breadth-first order, and therefore every reason, is deterministic.
        for position in dependents.indices where dependents[position].count > 1 {
            let sorted = dependents[position].sorted()
            var unique: [Int32] = []
            unique.reserveCapacity(sorted.count)
            for id in sorted where unique.last != id { unique.append(id) }
            dependents[position] = unique
        }

        let sortedSuites = graph.testSuites.sorted { $0.name < $1.name }
        var suiteNames = Set<String>()
        var suiteModule: [Int32] = []
        var suiteTests: [[Int32]] = []
        for suite in sortedSuites {
            guard !suite.name.isEmpty else { throw .invalidGraph("a test suite has an empty name") }
            guard suiteNames.insert(suite.name).inserted else {
                throw .invalidGraph("test suite '\(suite.name)' appears twice")
            }
            let module = ids[suite.module] ?? -1
            if module < 0 { unknown.insert(suite.module) }
            var tests = Set<Int32>()
            for dependency in suite.dependencies {
                guard let target = ids[dependency] else { unknown.insert(dependency); continue }
                if target != module { tests.insert(target) }
            }
            suiteModule.append(module)
            suiteTests.append(tests.sorted())
        }
        if !unknown.isEmpty {
            let names = unknown.sorted()
            let shown = names.prefix(10).joined(separator: ", ")
            warnings.append("ignored \(names.count) dependencies on names outside the graph (external packages?): \(shown)\(names.count > 10 ? ", …" : "")")
        }

        var owners = OwnerTable()
        // Sized up front: growing a 200,000-entry table rehashes every key several times.
        owners.packed.reserveCapacity(graph.modules.reduce(0) { $0 + $1.paths.count } + graph.testSuites.reduce(0) { $0 + $1.paths.count })
        for (position, module) in sortedModules.enumerated() {
            for path in module.paths { owners.add(.module(Int32(position)), at: ProjectPath.normalize(path)) }
        }
        for (position, suite) in sortedSuites.enumerated() {
            for path in suite.paths { owners.add(.suite(Int32(position)), at: ProjectPath.normalize(path)) }
        }
        for (position, entry) in graph.unknownModules.enumerated() {
            owners.add(.unknown(Int32(position)), at: ProjectPath.normalize(entry.path))
        }
        self.unknownSources = graph.unknownModules.map(\.source)

        self.moduleNames = sortedModules.map(\.name)
        self.moduleNameUTF8 = PackedUTF8(moduleNames)
        self.moduleIDs = ids
        var start: [Int32] = [0]
        start.reserveCapacity(dependents.count + 1)
        var list: [Int32] = []
        list.reserveCapacity(dependents.reduce(0) { $0 + $1.count })
        for ids in dependents {
            list += ids
            start.append(Int32(list.count))
        }
        self.dependentStart = start
        self.dependentList = list
        self.suites = sortedSuites
        self.suiteNameUTF8 = PackedUTF8(sortedSuites.map(\.name))
        self.suiteModule = suiteModule
        self.suiteTestDependencies = suiteTests
        self.packedOwners = owners.packed
        self.sharedOwners = owners.shared
        let runAllPaths = Set(graph.runAllPaths.map(ProjectPath.normalize))
        self.runAllPaths = runAllPaths
        self.runAllASCIILengths = runAllPaths.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            ? Set(runAllPaths.map(\.utf8.count)) : nil
        self.warnings = warnings
    }

    // MARK: Lookups

    /// The owners of the longest root that is `path` or one of its parent folders, with that root.
    func owners(of path: String) -> (root: String, owners: [Owner])? {
        var candidate = Substring(path)
        while true {
            if let packed = packedOwners[String(candidate)] { return (String(candidate), unpack(packed)) }
            if candidate.isEmpty { return nil }
            if let slash = candidate.lastIndex(of: "/") {
                candidate = candidate[..<slash]
            } else {
                candidate = ""
            }
        }
    }

    private func unpack(_ packed: UInt32) -> [Owner] {
        if packed & OwnerTable.sharedBit != 0 { return sharedOwners[Int(packed & ~OwnerTable.sharedBit)] }
        return [OwnerTable.unpack(packed)]
    }

    /// The run-all root that contains `path` (split as `components`), if any.
    func runAllRoot(containing path: String, components: PathComponents) -> String? {
        guard !runAllPaths.isEmpty else { return nil }
        // Two ASCII strings are equal only byte for byte, so a folder whose length no run-all
        // path has needs no String built and hashed. Outside ASCII, canonical equivalence
        // (a precomposed "é" equals "e" + accent) lets lengths differ: look every folder up.
        guard components.isASCII, let lengths = runAllASCIILengths else { return runAllRoot(containing: path) }
        let bytes = components.bytes
        var end = bytes.count
        while end > 0 {
            if lengths.contains(end) {
                let candidate = String(decoding: bytes[..<end], as: UTF8.self)
                if runAllPaths.contains(candidate) { return candidate }
            }
            guard let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) else { break }
            end = slash
        }
        return nil
    }

    /// The run-all root that contains `path`, if any, trying the path and each parent folder.
    func runAllRoot(containing path: String) -> String? {
        guard !runAllPaths.isEmpty else { return nil }
        var candidate = Substring(path)
        while !candidate.isEmpty {
            if runAllPaths.contains(String(candidate)) { return String(candidate) }
            guard let slash = candidate.lastIndex(of: "/") else { break }
            candidate = candidate[..<slash]
        }
        return nil
    }
}
