import DI
import Testing

// MARK: - Fixtures

struct Auditor: Sendable {
    let store: (any Store)?
}

final class Parent: Sendable {
    let child: Child
    init(child: Child) { self.child = child }
}

final class Child: Sendable {
    let parent: Provider<Parent>
    init(parent: Provider<Parent>) { self.parent = parent }
}

// MARK: - Dependency wrappers

@Suite("Dependency wrappers")
struct WrapperTests {
    @Test("an optional parameter receives the registration when there is one")
    func optionalPresent() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { MemoryStore() as any Store }
        builder.register(Auditor.self, Auditor.init)
        builder.entryPoint(Auditor.self)
        let container = try await builder.build()
        #expect(try await container.resolve(Auditor.self).store?.name == "memory")
        #expect(container.graph.edges.first?.kind == .optional)
    }

    @Test("an optional parameter receives nil when nothing is registered")
    func optionalAbsent() async throws {
        var builder = ContainerBuilder()
        builder.register(Auditor.self, Auditor.init)
        builder.entryPoint(Auditor.self)
        let container = try await builder.build()
        #expect(try await container.resolve(Auditor.self).store == nil)
    }

    @Test("Tagged asks for a tagged registration; a missing tag is reported")
    func tagged() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, tag: Primary.name, .singleton) { MemoryStore(name: "p") as any Store }
        builder.register(String.self) { (store: Tagged<Primary, any Store>) in store.name }
        builder.entryPoint(String.self)
        #expect(try await builder.build().resolve(String.self) == "p")

        var missing = ContainerBuilder()
        missing.register(String.self) { (store: Tagged<Primary, any Store>) in store.name }
        missing.entryPoint(String.self)
        await #expect(throws: ContainerError.self) { _ = try await missing.build() }
    }

    @Test("a Provider breaks a cycle and resolves lazily in the caller's scope")
    func provider() async throws {
        var builder = ContainerBuilder()
        builder.register(Parent.self, .singleton, Parent.init)
        builder.register(Child.self, .singleton, Child.init)
        builder.entryPoint(Parent.self)
        let container = try await builder.build()
        let parent = try await container.resolve(Parent.self)
        #expect(try await parent.child.parent.get() === parent)
    }
}

// MARK: - Factory errors

struct FailingStore: JobStore {
    init() throws { throw Boom() }
}

@Suite("Factory errors")
struct FactoryErrorTests {
    @Test("a factory error names the service and the path to it")
    func pathToFailure() async throws {
        var builder = ContainerBuilder()
        builder.register(Server.self, Server.init)
        builder.register(BuildScheduler.self, BuildScheduler.init)
        builder.register((any JobStore).self) { () throws -> any JobStore in try FailingStore() }
        builder.entryPoint(Server.self)
        let container = try await builder.build()
        do {
            _ = try await container.resolve(Server.self)
            Issue.record("expected a factory error")
        } catch {
            guard case .factoryFailed(let service, let path, let underlying) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(service == "JobStore")
            #expect(path == ["Server", "BuildScheduler", "JobStore"])
            #expect(underlying is Boom)
            #expect(error.description == "Server → BuildScheduler → JobStore: factory failed: boom")
        }
    }

    @Test("an unregistered service is a typed error, not a trap")
    func notRegistered() async throws {
        let container = try await ContainerBuilder().build()
        await #expect(throws: ResolutionError.self) { _ = try await container.resolve(Legacy.self) }
    }
}
