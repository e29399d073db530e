import Foundation

/// Turns a change into a test selection over one module graph, with a reason for every suite.
///
/// Build it once per graph (indexing is the expensive part) and call ``analyze(_:)`` per change;
/// it is a value with no mutable state, safe to share across tasks.
///
/// The rules: a changed file belongs to the module or suite whose root is its longest prefix.
/// A module root means production code changed; a suite root means only that suite's code did.
/// Affected modules are the reverse transitive closure of the changed modules over production
/// edges. A suite runs when its module is affected, when one of its test edges reaches an
/// affected module, or when its own code changed. A file matching a run-all trigger runs all,
/// and so does a file whose longest root is an unknown module (a folder with a build file the
/// graph does not describe, or anything unowned when the settings could not be followed).
public struct ImpactAnalyzer: Sendable {
    let index: GraphIndex
    /// The run-all triggers in force.
    public let triggers: RunAllTriggers

    /// Indexes `graph`; throws ``ImpactError/invalidGraph(_:)`` for duplicate or empty names.
    public init(graph: ModuleGraph, triggers: RunAllTriggers = .default) throws(ImpactError) {
        self.index = try GraphIndex(graph)
        self.triggers = triggers
    }

    /// Warnings found while indexing the graph (also copied into every report).
    public var warnings: [String] { index.warnings }

    // MARK: Analysis

    /// The selection for one change.
    public func analyze(_ changes: ChangeSet) -> ImpactReport {
        var runAllReasons: [RunAllReason] = []
        var unowned: [String] = []
        var shared: [SharedFile] = []
        var changedModuleFile: [Int32: String] = [:]
        var changedSuiteFile: [Int32: String] = [:]

        // Paths arrive sorted, so "first file wins" below is deterministic.
        for path in changes.paths {
            // Split once: every trigger pattern matches against the same components.
            let components = PathComponents(path)
            let trigger = triggers.firstMatch(for: components)?.pattern
                ?? index.runAllRoot(containing: path, components: components)
            if let trigger { runAllReasons.append(RunAllReason(file: path, trigger: trigger)) }
            guard let (_, found) = index.owners(of: path) else {
                if trigger == nil { unowned.append(path) }
                continue
            }
            // A root shared by a known owner and an unknown module belongs to the known one.
            let owners = found.filter { if case .unknown = $0 { false } else { true } }
            guard !owners.isEmpty else {
                // A file of a module the graph does not describe: nobody can say what it reaches.
                if trigger == nil, case let .unknown(id)? = found.first {
                    runAllReasons.append(RunAllReason(file: path, trigger: index.unknownSources[Int(id)]))
                }
                continue
            }
            if owners.count > 1 { shared.append(SharedFile(file: path, owners: owners.map(name(of:)).sorted())) }
            for owner in owners {
                switch owner {
                case let .module(id): if changedModuleFile[id] == nil { changedModuleFile[id] = path }
                case let .suite(id): if changedSuiteFile[id] == nil { changedSuiteFile[id] = path }
                case .unknown: break
                }
            }
        }

        let closure = ReverseClosure(index: index, sources: changedModuleFile.keys.sorted())
        let chains = ChainWriter(index: index, closure: closure, changedFiles: changedModuleFile)
        let runAll = RunAllDecision(reasons: runAllReasons)
        var selected: [SuiteDecision] = []
        var skipped: [SuiteDecision] = []
        for suiteID in index.suites.indices {
            let id = Int32(suiteID)
            if let decision = selection(for: id, runAll: runAll, closure: closure, chains: chains, changedSuiteFile: changedSuiteFile) {
                selected.append(decision)
            } else {
                skipped.append(skip(id))
            }
        }
        return ImpactReport(
            runAll: runAll,
            affectedModules: closure.affected.map { index.moduleNames[Int($0)] },
            selected: selected,
            skipped: skipped,
            unownedFiles: unowned,
            sharedFiles: shared,
            warnings: index.warnings
        )
    }

    // MARK: One suite

    private func selection(
        for id: Int32, runAll: RunAllDecision, closure: ReverseClosure,
        chains: ChainWriter, changedSuiteFile: [Int32: String]
    ) -> SuiteDecision? {
        if let first = runAll.reasons.first {
            let name = index.suites[Int(id)].name
            let more = runAll.reasons.count > 1 ? " (and \(runAll.reasons.count - 1) more)" : ""
            return decision(id, reason: "run all ← \(first)\(more)", chain: [name], file: first.file)
        }
        if let file = changedSuiteFile[id] {
            let name = index.suites[Int(id)].name
            return decision(id, reason: SuiteDecision.describe(chain: [name], file: file), chain: [name], file: file)
        }
        // The suite's own module first, then the test edge with the shortest path to a change.
        var best: Int32 = -1
        let module = index.suiteModule[Int(id)]
        if module >= 0, closure.isAffected(module) {
            best = module
        } else {
            for dependency in index.suiteTestDependencies[Int(id)] where closure.isAffected(dependency) {
                if best < 0 || closure.depth(dependency) < closure.depth(best) { best = dependency }
            }
        }
        guard best >= 0 else { return nil }
        let (reason, chain, file) = chains.chain(suite: id, from: best)
        return decision(id, reason: reason, chain: chain, file: file)
    }

    private func skip(_ id: Int32) -> SuiteDecision {
        let suite = index.suites[Int(id)]
        let tests = index.suiteTestDependencies[Int(id)].map { index.moduleNames[Int($0)] }
        var reason = "no change reaches \(suite.module)"
        if !tests.isEmpty {
            let shown = tests.prefix(5).joined(separator: ", ") + (tests.count > 5 ? ", …" : "")
            reason += " or its test dependencies (\(shown))"
        }
        return SuiteDecision(name: suite.name, module: suite.module, kind: suite.kind, reason: reason)
    }

    /// Reads the suite's fields one by one: copying the whole TestSuite (with its path and
    /// dependency lists) for each of thousands of suites costs retains that add up.
    private func decision(_ id: Int32, reason: String, chain: [String], file: String) -> SuiteDecision {
        let suites = index.suites
        return SuiteDecision(
            name: suites[Int(id)].name, module: suites[Int(id)].module, kind: suites[Int(id)].kind,
            reason: reason, chain: chain, file: file
        )
    }

    private func name(of owner: GraphIndex.Owner) -> String {
        switch owner {
        case let .module(id): index.moduleNames[Int(id)]
        case let .suite(id): index.suites[Int(id)].name
        case let .unknown(id): index.unknownSources[Int(id)]
        }
    }
}
