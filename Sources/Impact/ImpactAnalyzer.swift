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
/// affected module, or when its own code changed. A file matching a run-all trigger runs all.
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
            let trigger = triggers.firstMatch(for: path)?.pattern ?? index.runAllRoot(containing: path)
            if let trigger { runAllReasons.append(RunAllReason(file: path, trigger: trigger)) }
            guard let (_, owners) = index.owners(of: path) else {
                if trigger == nil { unowned.append(path) }
                continue
            }
            if owners.count > 1 { shared.append(SharedFile(file: path, owners: owners.map(name(of:)).sorted())) }
            for owner in owners {
                switch owner {
                case let .module(id): if changedModuleFile[id] == nil { changedModuleFile[id] = path }
                case let .suite(id): if changedSuiteFile[id] == nil { changedSuiteFile[id] = path }
                }
            }
        }

        let closure = ReverseClosure(index: index, sources: changedModuleFile.keys.sorted())
        var chains = ChainCache(index: index, closure: closure, changedFiles: changedModuleFile)
        let runAll = RunAllDecision(reasons: runAllReasons)
        var selected: [SuiteDecision] = []
        var skipped: [SuiteDecision] = []
        for suiteID in index.suites.indices {
            let id = Int32(suiteID)
            if let decision = selection(for: id, runAll: runAll, closure: closure, chains: &chains, changedSuiteFile: changedSuiteFile) {
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
        chains: inout ChainCache, changedSuiteFile: [Int32: String]
    ) -> SuiteDecision? {
        let suite = index.suites[Int(id)]
        if let first = runAll.reasons.first {
            let more = runAll.reasons.count > 1 ? " (and \(runAll.reasons.count - 1) more)" : ""
            return decision(suite, reason: "run all ← \(first.file) matches \(first.trigger)\(more)", chain: [suite.name], file: first.file)
        }
        if let file = changedSuiteFile[id] {
            return decision(suite, reason: SuiteDecision.describe(chain: [suite.name], file: file), chain: [suite.name], file: file)
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
        let (text, names, file) = chains.chain(from: best)
        return decision(suite, reason: suite.name + " → " + text, chain: [suite.name] + names, file: file)
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

    private func decision(_ suite: TestSuite, reason: String, chain: [String], file: String) -> SuiteDecision {
        SuiteDecision(name: suite.name, module: suite.module, kind: suite.kind, reason: reason, chain: chain, file: file)
    }

    private func name(of owner: GraphIndex.Owner) -> String {
        switch owner {
        case let .module(id): index.moduleNames[Int(id)]
        case let .suite(id): index.suites[Int(id)].name
        }
    }
}
