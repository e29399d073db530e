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

    /// A dependency that validation reports: nothing satisfies it (`target == nil`), or
    /// its target needs a runtime argument.
    struct DependencyIssue: Sendable {
        /// The dependent registration.
        let registration: Int
        /// The parameter's request.
        let request: DependencyRequest
        /// The runtime-argument registration it names, `nil` when it is missing.
        let target: Int?
    }

    /// The effective registrations, in call order (an override takes the place of the
    /// registration it replaces).
    var registrations: [Registration] = []
    /// `0`, or `N` for the N-th contribution to a multi-binding.
    var ordinals: [Int] = []
    /// Single registrations (`register`/`override`) by key.
    var index: KeyIndex
    /// Contributions by element type, in registration order.
    var contributions: [ObjectIdentifier: [Int]] = [:]
    /// Every registration's outgoing edges, in parameter order, back to back.
    var edgeList: [Edge] = []
    /// Where each registration's edges start in ``edgeList`` (one extra entry at the end).
    var edgeStart: [Int] = []
    /// Missing dependencies and dependencies on runtime-argument services, in order.
    var issues: [DependencyIssue] = []
    /// The declared entry points.
    var entryPoints: [DependencyRequest] = []

    /// A registration's name in paths: `Type`, `Type#tag` or `Type+N` for contributions.
    func name(of index: Int) -> String {
        let key = self.registrations[index].key
        let ordinal = self.ordinals[index]
        return ordinal == 0 ? key.description : "\(key.description)+\(ordinal)"
    }

    /// The positions of registration `index`'s edges in ``edgeList``.
    func edgeRange(of index: Int) -> Range<Int> {
        self.edgeStart[index]..<self.edgeStart[index + 1]
    }

    /// Registration `index`'s edges, in parameter order.
    func edges(of index: Int) -> ArraySlice<Edge> {
        self.edgeList[self.edgeRange(of: index)]
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
        let count = builder.registrations.count
        self.index = KeyIndex(capacity: count)
        self.registrations.reserveCapacity(count)
        self.ordinals.reserveCapacity(count)
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
                    self.index.set(registration.key, self.append(registration, ordinal: 0))
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
        self.resolveEdges()
    }

    /// Resolves every registration's requests to edges once, recording the issues
    /// validation reports.
    private mutating func resolveEdges() {
        self.edgeStart.reserveCapacity(self.registrations.count + 1)
        self.edgeList.reserveCapacity(self.registrations.count * 2)
        for (position, registration) in self.registrations.enumerated() {
            self.edgeStart.append(self.edgeList.count)
            for request in registration.dependencies {
                switch request.kind {
                case .single, .optional, .provider:
                    if let target = self.index[request.key] {
                        self.edgeList.append(Edge(target: target, kind: request.kind))
                        if self.registrations[target].argumentType != nil {
                            self.issues.append(DependencyIssue(registration: position, request: request, target: target))
                        }
                    } else if request.kind != .optional {
                        self.issues.append(DependencyIssue(registration: position, request: request, target: nil))
                    }
                case .all:
                    for target in self.contributions[request.key.typeID] ?? [] {
                        self.edgeList.append(Edge(target: target, kind: .all))
                    }
                }
            }
        }
        self.edgeStart.append(self.edgeList.count)
    }

    /// Appends a registration and returns its index.
    private mutating func append(_ registration: Registration, ordinal: Int) -> Int {
        self.registrations.append(registration)
        self.ordinals.append(ordinal)
        return self.registrations.count - 1
    }
}
