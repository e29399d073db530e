import MemberwiseInit

/// One broken rule: the edge (or chain of edges) and where the build files declare it.
public struct DependencyViolation: Codable, Sendable, Hashable {
    /// One edge of a violation, with its declaration.
    @MemberwiseInit(.public)
    public struct Edge: Codable, Sendable, Hashable {
        /// The depending module.
        public var from: String
        /// The module depended on.
        public var to: String
        /// The configuration (`implementation`, `api`, `target`, …).
        public var configuration: String
        /// Whether only tests use the edge.
        public var test: Bool
        /// The declaring build file, project-relative, when known.
        public var file: String?
        /// Its 1-based line, when known.
        public var line: Int?
    }

    /// A stable identity for baselines: rule, kind and modules, never files or lines, so moving
    /// a declaration does not make a violation new.
    public var id: String
    /// The rule's name.
    public var rule: String
    /// The rule's kind: `layers`, `forbid`, `allow_only`, `no_cycles`, `max_depth`.
    public var kind: String
    /// The depending module of the (first) offending edge.
    public var from: String
    /// The module depended on by the (first) offending edge.
    public var to: String
    /// The modules in order: two for an edge, the whole chain for a cycle or a too-long chain
    /// (a cycle ends where it starts).
    public var chain: [String]
    /// The edges along ``chain``, each with its declaration.
    public var edges: [Edge]
    /// The declaring file of the first edge, when known.
    public var file: String?
    /// Its line, when known.
    public var line: Int?
    /// A sentence for people.
    public var message: String
    /// Whether a baseline was given and does not hold this violation (always false without one).
    public var new: Bool

    /// Creates a violation from its chain of edges (at least one).
    public init(rule: String, kind: String, edges: [Edge], message: String) {
        let chain = (edges.first.map { [$0.from] } ?? []) + edges.map(\.to)
        self.id = "\(kind):\(rule):" + chain.joined(separator: " -> ")
        self.rule = rule
        self.kind = kind
        self.from = edges.first?.from ?? ""
        self.to = edges.first?.to ?? ""
        self.chain = chain
        self.edges = edges
        self.file = edges.first?.file
        self.line = edges.first?.line
        self.message = message
        self.new = false
    }

    /// `file:line` of the first edge, or the file alone, or nil.
    public var location: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }
}
