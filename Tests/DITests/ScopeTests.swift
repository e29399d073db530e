import DI
import Synchronization
import Testing

// MARK: - Scopes

@Suite("Scopes")
struct ScopeTests {
    private func container() async throws -> Container {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { MemoryStore() as any Store }
        builder.register(RequestContext.self, .scoped) { RequestContext() }
        builder.register(RequestHandler.self, RequestHandler.init)
        builder.entryPoint(RequestHandler.self)
        return try await builder.build()
    }

    @Test("scoped instances are shared within a scope and distinct across scopes")
    func sharedWithinDistinctAcross() async throws {
        let container = try await self.container()
        let first = container.makeScope()
        let second = container.makeScope()
        let a = try await first.resolve(RequestHandler.self)
        let b = try await first.resolve(RequestHandler.self)
        let c = try await second.resolve(RequestHandler.self)
        #expect(a.context === b.context)
        #expect(a.context !== c.context)
        #expect(a.store as AnyObject === c.store as AnyObject)
        await first.close()
        await second.close()
    }

    @Test("concurrent resolutions in one scope share one instance")
    func concurrentInScope() async throws {
        let container = try await self.container()
        let scope = container.makeScope()
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await scope.resolve(RequestContext.self).id }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
        await scope.close()
    }

    @Test("closing a scope disposes and releases its instances")
    func closeReleases() async throws {
        let container = try await self.container()
        let scope = container.makeScope()
        weak var context: RequestContext?
        let disposedBefore = RequestContext.disposed.load(ordering: .relaxed)
        do {
            let handler = try await scope.resolve(RequestHandler.self)
            context = handler.context
        }
        #expect(context != nil)
        await scope.close()
        #expect(context == nil)
        #expect(RequestContext.disposed.load(ordering: .relaxed) >= disposedBefore + 1)
        #expect(scope.isClosed)
        await #expect(throws: ResolutionError.self) { _ = try await scope.resolve(RequestContext.self) }
    }

    @Test("resolving a scoped service outside a scope is a typed error with its path")
    func outsideScope() async throws {
        let container = try await self.container()
        do {
            _ = try await container.resolve(RequestHandler.self)
            Issue.record("expected an error")
        } catch {
            guard case .scopeRequired(let service, let path) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(service == "RequestContext")
            #expect(path == ["RequestHandler", "RequestContext"])
        }
    }

    @Test("withScope closes the scope afterwards")
    func withScope() async throws {
        let container = try await self.container()
        let (handler, scope) = try await container.withScope { scope in
            (try await scope.resolve(RequestHandler.self), scope)
        }
        #expect(handler.store.name == "memory")
        #expect(scope.isClosed)
    }
}
