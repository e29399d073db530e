// MARK: - BuildPlan

/// The registrations that survive duplicate and override handling, with their edges:
/// what validation checks, the linker links and the graph export shows.
struct BuildPlan: Sendable {
    /// One edge from a registration to another.
    struct Edge: Sendable, Hashable {
        /// The index of the registration depended on.
        let target: Int
        /// How the dependent asked for it.
        let kind: DependencyRequest.Kind
    }

    /// The effective registrations, in call order (an override takes the place of the
    /// registration it replaces).
    var registrations: [Registration] = []
    /// `0`, or `N` for the N-th contribution to a multi-binding.
    var ordinals: [Int] = []
    /// Single registrations (`register`/`override`) by key.
    var index: [ServiceKey: Int] = [:]
    /// Contributions by element type, in registration order.
    var contributions: [ObjectIdentifier: [Int]] = [:]
    /// Each registration's outgoing edges, in parameter order.
    var edges: [[Edge]] = []
    /// The declared entry points.
    var entryPoints: [DependencyRequest] = []
    /// Registrations reachable from an entry point (or eager singleton) through edges.
    var entryTargets: Set<Int> = []

    /// A registration's name in paths: `Type`, `Type#tag` or `Type+N` for contributions.
    func name(of index: Int) -> String {
        let key = self.registrations[index].key
        let ordinal = self.ordinals[index]
        return ordinal == 0 ? key.description : "\(key.description)+\(ordinal)"
    }

    /// The registrations satisfying `request` (empty when nothing does).
    func targets(of request: DependencyRequest) -> [Int] {
        switch request.kind {
        case .single, .optional, .provider:
            self.index[request.key].map { [$0] } ?? []
        case .all:
            self.contributions[request.key.typeID] ?? []
        }
    }
}

// MARK: - Planning

extension BuildPlan {
    /// Applies registrations, duplicates and overrides in call order, reporting
    /// ambiguous registrations and overrides of nothing.
    init(_ builder: ContainerBuilder, problems: inout [ValidationProblem]) {
        var duplicates: [ServiceKey: Int] = [:]
        var duplicateOrder: [ServiceKey] = []
        var overrides: [Registration] = []
        for registration in builder.registrations {
            switch registration.role {
            case .register:
                if self.index[registration.key] != nil {
                    if duplicates[registration.key] == nil { duplicateOrder.append(registration.key) }
                    duplicates[registration.key, default: 1] += 1
                } else {
                    self.index[registration.key] = self.append(registration, ordinal: 0)
                }
            case .contribute:
                let ordinal = (self.contributions[registration.key.typeID]?.count ?? 0) + 1
                self.contributions[registration.key.typeID, default: []].append(self.append(registration, ordinal: ordinal))
            case .override:
                overrides.append(registration)
            }
        }
        for key in duplicateOrder {
            let count = duplicates[key] ?? 2
            problems.append(
                ValidationProblem(
                    kind: .ambiguousRegistration,
                    path: [key.description],
                    message: "registered \(count) times (use override(_:) to replace a registration)"
                )
            )
        }
        for registration in overrides {
            guard let index = self.index[registration.key] else {
                problems.append(
                    ValidationProblem(
                        kind: .overrideWithoutRegistration,
                        path: [registration.key.description],
                        message: "overridden but never registered"
                    )
                )
                continue
            }
            self.registrations[index] = registration
        }
        self.entryPoints = builder.entryPoints
        self.edges = self.registrations.map { registration in
            registration.dependencies.flatMap { request in
                self.targets(of: request).map { Edge(target: $0, kind: request.kind) }
            }
        }
    }

    /// Appends a registration and returns its index.
    private mutating func append(_ registration: Registration, ordinal: Int) -> Int {
        self.registrations.append(registration)
        self.ordinals.append(ordinal)
        return self.registrations.count - 1
    }
}
