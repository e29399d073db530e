// MARK: - Container

/// A built, validated dependency container. Safe to use from any task.
///
/// Create one with ``ContainerBuilder/build()``; a container that exists has passed
/// validation, so resolving a registered service can only fail if a factory throws
/// (or if a scoped service is asked for outside a ``Scope``).
///
/// ```swift
/// let container = try await builder.build()
/// let server = try await container.resolve(Server.self)
/// ```
public final class Container: Sendable {
    /// Untagged registrations by service type: the fast path of `resolve`.
    @usableFromInline let services: TypeTable
    /// Tagged registrations.
    @usableFromInline let taggedServices: [ServiceKey: any ErasedNode]
    /// Multi-binding collectors (`Node<[P]>`) by element type `P`.
    @usableFromInline let multiBindings: TypeTable
    /// How many scoped registrations there are: the size of every scope's storage.
    let scopedServiceCount: Int
    /// Singleton nodes in registration order, for ``shutdown()``.
    let singletonNodes: [any ErasedNode]
    /// The validated graph, turned into ``ServiceGraph`` text on demand.
    let blueprint: GraphBlueprint
    /// Non-fatal findings of validation, such as registrations nothing uses.
    public let warnings: [ValidationProblem]

    init(
        services: TypeTable,
        taggedServices: [ServiceKey: any ErasedNode],
        multiBindings: TypeTable,
        scopedServiceCount: Int,
        singletonNodes: [any ErasedNode],
        blueprint: GraphBlueprint,
        warnings: [ValidationProblem]
    ) {
        self.services = services
        self.taggedServices = taggedServices
        self.multiBindings = multiBindings
        self.scopedServiceCount = scopedServiceCount
        self.singletonNodes = singletonNodes
        self.blueprint = blueprint
        self.warnings = warnings
    }

    // MARK: Scopes

    /// Opens a new scope (one per HTTP request or job). Close it with ``Scope/close()``.
    public func makeScope() -> Scope {
        Scope(container: self)
    }

    /// Runs `body` in a new scope and closes the scope afterwards, even if `body` throws.
    public func withScope<Result>(_ body: (Scope) async throws -> Result) async rethrows -> Result {
        let scope = self.makeScope()
        do {
            let result = try await body(scope)
            await scope.close()
            return result
        } catch {
            await scope.close()
            throw error
        }
    }

    // MARK: Graph

    /// The service graph (services, lifetimes, tags, edges) for export as JSON or DOT.
    public var graph: ServiceGraph {
        ServiceGraph(self.blueprint)
    }

    // MARK: Shutdown

    /// Disposes every created singleton that is ``Disposable``, newest registration first.
    /// The container must not be used afterwards.
    public func shutdown() async {
        for node in self.singletonNodes.reversed() {
            await node.createdSingleton()?.dispose()
        }
    }
}
