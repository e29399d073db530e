// MARK: - Validator

/// Checks a ``BuildPlan`` and reports every problem at once, each with its path.
struct Validator {
    /// The plan under validation.
    let plan: BuildPlan
    /// The builder's options.
    let options: ValidationOptions
    /// The BFS parent of each reached registration (`-1` for a root), for paths.
    private(set) var parent: [Int]
    /// Whether an entry point (or eager singleton) reaches each registration.
    private(set) var used: [Bool]

    init(plan: BuildPlan, options: ValidationOptions) {
        self.plan = plan
        self.options = options
        self.parent = Array(repeating: -2, count: plan.registrations.count)
        self.used = Array(repeating: false, count: plan.registrations.count)
    }

    /// Runs every check; returns errors and warnings in a deterministic order.
    mutating func run() -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        self.markReachable(problems: &problems)
        self.checkDependencies(problems: &problems)
        problems += self.cycles()
        problems += self.captiveDependencies()
        if self.options.reportsUnused {
            for index in self.plan.registrations.indices where !self.used[index] {
                problems.append(
                    ValidationProblem(
                        kind: .unusedRegistration,
                        severity: .warning,
                        path: [self.plan.name(of: index)],
                        message: "registered but never used (declare it with entryPoint(_:) if it is resolved directly)"
                    )
                )
            }
        }
        return problems
    }

    // MARK: Reachability

    /// Breadth-first from the entry points and eager singletons (shortest paths), then
    /// from each registration nothing reached, so every registration gets a path.
    private mutating func markReachable(problems: inout [ValidationProblem]) {
        var roots: [Int] = []
        for request in self.plan.entryPoints {
            let targets = self.plan.targets(of: request)
            if targets.isEmpty, request.kind == .single || request.kind == .provider {
                problems.append(
                    ValidationProblem(kind: .missingRegistration, path: [request.description], message: "entry point not registered")
                )
            }
            roots += targets
        }
        for (index, registration) in self.plan.registrations.enumerated() where registration.lifetime == .eagerSingleton {
            roots.append(index)
        }
        self.search(from: roots)
        for index in self.plan.registrations.indices {
            self.used[index] = self.parent[index] != -2
        }
        for index in self.plan.registrations.indices where self.parent[index] == -2 {
            self.search(from: [index])
        }
    }

    /// Breadth-first search recording parents of newly reached registrations.
    private mutating func search(from roots: [Int]) {
        var queue: [Int] = []
        queue.reserveCapacity(self.plan.registrations.count)
        for root in roots where self.parent[root] == -2 {
            self.parent[root] = -1
            queue.append(root)
        }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for position in self.plan.edgeRange(of: current) {
                let target = self.plan.edgeList[position].target
                if self.parent[target] == -2 {
                    self.parent[target] = current
                    queue.append(target)
                }
            }
        }
    }

    /// The names from the search root down to `index`.
    func path(to index: Int) -> [String] {
        var names: [String] = []
        var current = index
        while current >= 0 {
            names.append(self.plan.name(of: current))
            current = self.parent[current]
        }
        return names.reversed()
    }

    // MARK: Dependencies

    /// Missing registrations and dependencies on services that need a runtime argument
    /// (resolved once while planning; only the rare problems are turned into paths here).
    private func checkDependencies(problems: inout [ValidationProblem]) {
        for issue in self.plan.issues {
            guard let target = issue.target else {
                problems.append(
                    ValidationProblem(
                        kind: .missingRegistration,
                        path: self.path(to: issue.registration) + [issue.request.description],
                        message: "not registered"
                    )
                )
                continue
            }
            let argument = self.plan.registrations[target].argumentType.map { typeName(of: $0) } ?? "?"
            problems.append(
                ValidationProblem(
                    kind: .argumentRequired,
                    path: self.path(to: issue.registration) + [self.plan.name(of: target)],
                    message: "needs a runtime argument (\(argument)); "
                        + "resolve it with resolve(_:argument:) instead of injecting it"
                )
            )
        }
    }
}
