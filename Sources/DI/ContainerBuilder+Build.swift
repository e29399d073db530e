// MARK: - Building

extension ContainerBuilder {
    /// Validates the whole graph, links it and creates the eager singletons.
    ///
    /// Every problem is reported at once in the thrown ``ContainerError``: missing and
    /// ambiguous registrations, cycles, captive dependencies, overrides of nothing,
    /// dependencies on services that need a runtime argument, and failing eager
    /// singletons. Registrations nothing uses are warnings, available on
    /// ``Container/warnings`` (or alongside errors in ``ContainerError/problems``).
    public func build() async throws(ContainerError) -> Container {
        var problems: [ValidationProblem] = []
        let plan = BuildPlan(self, problems: &problems)
        var validator = Validator(plan: plan, options: self.options)
        problems += validator.run()
        let errors = problems.filter { $0.severity == .error }
        let warnings = problems.filter { $0.severity == .warning }
        guard errors.isEmpty else {
            throw ContainerError(problems: errors + warnings)
        }

        let linker = Linker(plan: plan)
        do {
            try linker.linkAll()
        } catch {
            let problem = ValidationProblem(kind: .internalError, path: [error.key.description], message: "could not be linked")
            throw ContainerError(problems: [problem] + warnings)
        }
        let container = Self.container(plan: plan, linker: linker, warnings: warnings)
        try await Self.createEagerSingletons(in: container, warnings: warnings)
        return container
    }

    // MARK: Assembly

    /// Puts the linked nodes into the container's tables.
    private static func container(plan: BuildPlan, linker: Linker, warnings: [ValidationProblem]) -> Container {
        var untagged: [TypeTable.Entry] = []
        untagged.reserveCapacity(plan.registrations.count)
        var tagged: [ServiceKey: any ErasedNode] = [:]
        var singletons: [any ErasedNode] = []
        // Plan order is registration order; a later entry for the same type would replace
        // an earlier one, but the plan holds one `register`/`override` per key.
        for (index, registration) in plan.registrations.enumerated() {
            guard let node = linker.built[index] else { continue }
            if registration.lifetime.isContainerWide {
                singletons.append(node)
            }
            guard registration.role != .contribute else { continue }
            if registration.key.tag == nil {
                untagged.append(TypeTable.Entry(id: registration.key.typeID, node: node, isPlain: registration.argumentType == nil))
            } else {
                tagged[registration.key] = node
            }
        }
        return Container(
            services: TypeTable(untagged),
            taggedServices: tagged,
            multiBindings: TypeTable(linker.collectors.map { TypeTable.Entry(id: $0.key, node: $0.value, isPlain: false) }),
            scopedServiceCount: linker.scopedCount,
            singletonNodes: singletons,
            blueprint: GraphBlueprint(plan: plan),
            warnings: warnings
        )
    }

    /// Creates every eager singleton in registration order; failures fail the build.
    private static func createEagerSingletons(in container: Container, warnings: [ValidationProblem]) async throws(ContainerError) {
        var failures: [ValidationProblem] = []
        for node in container.singletonNodes where node.lifetime == .eagerSingleton {
            do {
                try await node.warmUp()
            } catch {
                failures.append(ValidationProblem(kind: .eagerSingletonFailed, path: error.path, message: error.reason))
            }
        }
        guard failures.isEmpty else {
            throw ContainerError(problems: failures + warnings)
        }
    }
}
