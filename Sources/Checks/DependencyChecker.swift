import Impact

/// Evaluates dependency rules on a module graph: the one job of this module.
///
/// The graph is indexed once (``DependencyEdges``); each rule then matches its patterns once
/// per module and walks arrays, so a 10,000-module graph is checked in milliseconds. Output is
/// sorted (rule, then chain), so two runs on the same project print the same thing.
public struct DependencyChecker: Sendable {
    let index: DependencyEdges

    /// Indexes `graph` for checking.
    public init(graph: ModuleGraph) {
        index = DependencyEdges(graph: graph)
    }

    /// Number of modules and of declared edges between them (external libraries left out).
    public var size: (modules: Int, edges: Int) { (index.moduleCount, index.moduleEdgeCount) }

    /// Every violation of `rules`, sorted by rule name, then chain.
    public func violations(of rules: DependencyRules) -> [DependencyViolation] {
        var found: [DependencyViolation] = []
        for rule in rules.rules {
            switch rule.check {
            case let .layers(layers): found += layerViolations(rule, layers)
            case let .forbid(from, to, unless, except): found += forbidViolations(rule, from: from, to: to, unless: unless, except: except)
            case let .allowOnly(from, to): found += allowOnlyViolations(rule, from: from, to: to)
            case .noCycles: found += cycleViolations(rule)
            case let .maxDepth(limit): found += depthViolations(rule, limit: limit)
            }
        }
        return found.sorted { a, b in a.rule != b.rule ? a.rule < b.rule : a.chain.lexicographicallyPrecedes(b.chain) }
    }

    // MARK: Direct rules

    private func layerViolations(_ rule: DependencyRule, _ layers: [[ModuleGlob]]) -> [DependencyViolation] {
        // A module belongs to the first layer it matches: apply the top layers last.
        var layerOf = [Int](repeating: -1, count: index.names.count)
        for (position, patterns) in layers.enumerated().reversed() {
            for pattern in patterns {
                for (module, matches) in index.matching(pattern).enumerated() where matches { layerOf[module] = position }
            }
        }
        let describe = { (layer: Int) in layers[layer].map(\.pattern).joined(separator: ", ") }
        return directViolations(rule) { edge in
            let (from, to) = (layerOf[edge.from], layerOf[edge.to])
            guard from >= 0, to >= 0, to < from else { return nil }
            return "\(index.names[edge.from]) (layer \(from + 1): \(describe(from))) depends on \(index.names[edge.to]) "
                + "(layer \(to + 1): \(describe(to))), a higher layer; a module may depend only on its own or lower layers"
        }
    }

    private func forbidViolations(
        _ rule: DependencyRule, from: ModuleGlob, to: ModuleGlob, unless: DependencyRule.Exception?, except: [ModuleGlob]
    ) -> [DependencyViolation] {
        var sources = index.matching(from)
        for pattern in except {
            for (module, matches) in index.matching(pattern).enumerated() where matches { sources[module] = false }
        }
        let targets = index.matching(to)
        let exempt = except.isEmpty ? "" : " except from \(except.map(\.pattern).joined(separator: ", "))"
        return directViolations(rule) { edge in
            guard sources[edge.from], targets[edge.to] else { return nil }
            let (a, b) = (index.names[edge.from], index.names[edge.to])
            if unless == .sameParent, Self.shareParent(a, b) { return nil }
            return "\(a) must not depend on \(b) (forbidden: \(from) → \(to)\(unless.map { " unless \($0.rawValue)" } ?? "")\(exempt))"
        }
    }

    private func allowOnlyViolations(_ rule: DependencyRule, from: ModuleGlob, to: [ModuleGlob]) -> [DependencyViolation] {
        let sources = index.matching(from)
        var allowed = [Bool](repeating: false, count: index.names.count)
        for pattern in to {
            for (module, matches) in index.matching(pattern).enumerated() where matches { allowed[module] = true }
        }
        let list = to.map(\.pattern).joined(separator: ", ")
        return directViolations(rule) { edge in
            guard sources[edge.from], !allowed[edge.to] else { return nil }
            return "\(index.names[edge.from]) may depend only on \(list), not on \(index.names[edge.to])"
        }
    }

    /// One violation per offending module pair the rule looks at (its first declaration shown).
    private func directViolations(_ rule: DependencyRule, message: (DependencyEdges.Edge) -> String?) -> [DependencyViolation] {
        let adjacency = index.adjacency(for: rule)
        return adjacency.edges.compactMap { position in
            let edge = index.edges[position]
            return message(edge).map { DependencyViolation(rule: rule.name, kind: rule.kind, edges: [violationEdge(edge)], message: $0) }
        }
    }

    // MARK: Helpers

    func violationEdge(_ edge: DependencyEdges.Edge) -> DependencyViolation.Edge {
        DependencyViolation.Edge(
            from: index.names[edge.from], to: index.names[edge.to], configuration: index.configurations[edge.configuration],
            test: edge.isTest, file: edge.file, line: edge.line
        )
    }

    /// Siblings (`:f:a:api`, `:f:a:impl`), or `b` directly inside `a` (`:f:a`, `:f:a:impl`).
    static func shareParent(_ a: String, _ b: String) -> Bool {
        guard let parentOfB = parent(of: b) else { return false }
        return parentOfB == a || parentOfB == parent(of: a)
    }

    /// The name without its last segment; nil for a one-segment name (`App`, `:app`).
    static func parent(of name: String) -> String? {
        guard let separator = name.lastIndex(where: { $0 == ":" || $0 == "/" }) else { return nil }
        let parent = name[..<separator]
        return parent.isEmpty ? nil : String(parent)
    }
}

extension DependencyChecker {
    /// The report of `rules` on `graph`, compared with `baseline` (a previous report's
    /// violations) when given; the graph's warnings say which declarations were not read.
    public static func report(graph: ModuleGraph, rules: DependencyRules, baseline: [DependencyViolation]? = nil) -> DependencyCheckReport {
        let checker = DependencyChecker(graph: graph)
        return DependencyCheckReport(
            violations: checker.violations(of: rules), baseline: baseline, rules: rules.rules.count,
            modules: checker.size.modules, edges: checker.size.edges, warnings: graph.warnings
        )
    }
}
