// MARK: - ServiceGraph

/// The container's dependency graph: services with lifetimes and tags, and the edges
/// between them, ready for export as ``json`` or Graphviz ``dot``.
///
/// Services are sorted by id and edges by source, then target, so exports are
/// deterministic and diff well.
public struct ServiceGraph: Sendable, Hashable {
    /// One registration.
    public struct Service: Sendable, Hashable {
        /// Unique id: `Type`, `Type#tag`, or `Type+N` for the N-th contribution.
        public let id: String
        /// The service type's name.
        public let type: String
        /// The tag, if any.
        public let tag: String?
        /// The lifetime.
        public let lifetime: Lifetime
        /// The runtime argument's type name, for `register(_:argument:)` registrations.
        public let argument: String?
        /// `true` for a part of a multi-binding (`contribute`).
        public let isContribution: Bool
        /// `true` when declared with `entryPoint(_:)` or an eager singleton.
        public let isEntryPoint: Bool
    }

    /// How an edge's dependent asked for its dependency.
    public enum EdgeKind: String, Sendable, Hashable {
        /// A plain (or ``Tagged``) parameter.
        case single
        /// An `[any P]` parameter: one edge per contribution.
        case multi
        /// A `P?` parameter whose `P` is registered.
        case optional
        /// A ``Provider`` parameter (deferred).
        case provider
    }

    /// One dependency: `from` is built with `to`.
    public struct Edge: Sendable, Hashable {
        /// The dependent's id.
        public let from: String
        /// The dependency's id.
        public let to: String
        /// How the dependency is asked for.
        public let kind: EdgeKind
    }

    /// Every registration, sorted by id.
    public let services: [Service]
    /// Every edge, sorted by source, then target.
    public let edges: [Edge]

    /// Builds the graph from a validated plan's blueprint.
    init(_ blueprint: GraphBlueprint) {
        let entries = blueprint.entries
        let ids = entries.map(\.id)
        self.services = entries.map { entry in
            Service(
                id: entry.id,
                type: entry.key.typeName,
                tag: entry.key.tag,
                lifetime: entry.lifetime,
                argument: entry.argumentType.map { typeName(of: $0) },
                isContribution: entry.ordinal > 0,
                isEntryPoint: entry.isEntryPoint
            )
        }
        .sorted { $0.id < $1.id }
        var edges: [Edge] = []
        for (index, entry) in entries.enumerated() {
            for edge in entry.edges {
                edges.append(Edge(from: ids[index], to: ids[edge.target], kind: EdgeKind(edge.kind)))
            }
        }
        self.edges = Array(Set(edges)).sorted {
            ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue)
        }
    }
}

extension ServiceGraph.EdgeKind {
    /// The export spelling of a dependency request kind.
    init(_ kind: DependencyRequest.Kind) {
        switch kind {
        case .single: self = .single
        case .all: self = .multi
        case .optional: self = .optional
        case .provider: self = .provider
        }
    }
}

// MARK: - GraphBlueprint

/// What the container keeps of the build plan to produce a ``ServiceGraph`` on demand:
/// the plan itself, so `build()` pays nothing for the export (entries and type names are
/// only computed when the graph is asked for).
struct GraphBlueprint: Sendable {
    /// One registration.
    struct Entry: Sendable {
        let key: ServiceKey
        let lifetime: Lifetime
        let ordinal: Int
        let argumentType: (any Any.Type)?
        let isEntryPoint: Bool
        let edges: ArraySlice<BuildPlan.Edge>

        /// `Type`, `Type#tag` or `Type+N`.
        var id: String {
            self.ordinal == 0 ? self.key.description : "\(self.key.description)+\(self.ordinal)"
        }
    }

    /// The validated plan.
    let plan: BuildPlan

    /// Every registration, in plan order.
    var entries: [Entry] {
        let plan = self.plan
        var entryPoints = Set(plan.entryPoints.flatMap(plan.targets(of:)))
        for (index, registration) in plan.registrations.enumerated() where registration.lifetime == .eagerSingleton {
            entryPoints.insert(index)
        }
        return plan.registrations.enumerated().map { index, registration in
            Entry(
                key: registration.key,
                lifetime: registration.lifetime,
                ordinal: plan.ordinals[index],
                argumentType: registration.argumentType,
                isEntryPoint: entryPoints.contains(index),
                edges: plan.edges(of: index)
            )
        }
    }
}
