import DI
import Testing

// MARK: - Graph fixtures with problems

protocol JobStore: Sendable {}
struct BuildScheduler: Sendable { let store: any JobStore }
struct Server: Sendable { let scheduler: BuildScheduler }
final class CycleA: Sendable { let b: CycleB; init(b: CycleB) { self.b = b } }
final class CycleB: Sendable { let c: CycleC; init(c: CycleC) { self.c = c } }
final class CycleC: Sendable { let a: CycleA; init(a: CycleA) { self.a = a } }
struct Cache: Sendable { let context: RequestContext }
struct Legacy: Sendable {}

// MARK: - Validation

@Suite("Validation")
struct ValidationTests {
    /// Builds and returns the validation error, recording an issue if the build succeeds.
    private func failure(_ builder: ContainerBuilder) async -> ContainerError? {
        do {
            _ = try await builder.build()
            Issue.record("expected build() to fail")
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing registration is reported with the path leading to it")
    func missing() async throws {
        var builder = ContainerBuilder()
        builder.register(Server.self, .singleton, Server.init)
        builder.register(BuildScheduler.self, .singleton, BuildScheduler.init)
        builder.entryPoint(Server.self)
        let error = try #require(await self.failure(builder))
        #expect(error.problems.map(\.description) == ["Server → BuildScheduler → JobStore: not registered"])
        #expect(error.problems.first?.kind == .missingRegistration)
        #expect(error.problems.first?.path == ["Server", "BuildScheduler", "JobStore"])
    }

    @Test("registering the same type and tag twice is ambiguous")
    func ambiguous() async throws {
        var builder = ContainerBuilder()
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.register((any Clock).self, tag: "other", .singleton, FixedClock.init)
        builder.entryPoint((any Clock).self)
        builder.entryPoint((any Clock).self, tag: "other")
        let error = try #require(await self.failure(builder))
        #expect(error.problems.map(\.kind) == [.ambiguousRegistration])
        #expect(error.problems.first?.path == ["Clock"])
    }

    @Test("a cycle is spelled out")
    func cycle() async throws {
        var builder = ContainerBuilder()
        builder.register(CycleA.self, CycleA.init)
        builder.register(CycleB.self, CycleB.init)
        builder.register(CycleC.self, CycleC.init)
        builder.entryPoint(CycleA.self)
        let error = try #require(await self.failure(builder))
        #expect(error.problems.map(\.description) == ["CycleA → CycleB → CycleC → CycleA: dependency cycle"])
    }

    @Test("a singleton depending on a scoped service, directly or through transients, is captive")
    func captiveScoped() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { MemoryStore() as any Store }
        builder.register(RequestContext.self, .scoped, RequestContext.init)
        builder.register(RequestHandler.self, .transient, RequestHandler.init)
        builder.register(Cache.self, .singleton) { (handler: RequestHandler) in Cache(context: handler.context) }
        builder.entryPoint(Cache.self)
        builder.options.capturedTransient = nil
        let error = try #require(await self.failure(builder))
        #expect(error.problems.map(\.kind) == [.captiveDependency])
        #expect(error.problems.first?.path == ["Cache", "RequestHandler", "RequestContext"])
    }

    @Test("a singleton keeping a transient alive is captive unless the option allows it")
    func captiveTransient() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .transient) { MemoryStore() as any Store }
        builder.register((any Scheduler).self, .singleton) { (store: any Store) in SQLScheduler(store: store, clock: FixedClock()) }
        builder.entryPoint((any Scheduler).self)
        let error = try #require(await self.failure(builder))
        #expect(error.problems.map(\.description) == ["Scheduler → Store: captive dependency: singleton Scheduler would keep transient Store alive forever"])
        builder.options.capturedTransient = .warning
        let container = try await builder.build()
        #expect(container.warnings.map(\.kind) == [.captiveDependency])
    }

    @Test("a registration nothing uses is a warning, not an error")
    func unused() async throws {
        var builder = ContainerBuilder()
        builder.register(Legacy.self, Legacy.init)
        builder.register((any Clock).self, .eagerSingleton, FixedClock.init)
        let container = try await builder.build()
        #expect(container.warnings.map(\.kind) == [.unusedRegistration])
        #expect(container.warnings.first?.path == ["Legacy"])
        #expect(container.warnings.first?.severity == .warning)
    }

    @Test("every problem of a graph is reported together, with a readable report")
    func allAtOnce() async throws {
        var builder = ContainerBuilder()
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.register(Server.self, .singleton, Server.init)
        builder.register(BuildScheduler.self, .singleton, BuildScheduler.init)
        builder.register(CycleA.self, CycleA.init)
        builder.register(CycleB.self, CycleB.init)
        builder.register(CycleC.self, CycleC.init)
        builder.register(RequestContext.self, .scoped, RequestContext.init)
        builder.register(Cache.self, .singleton, Cache.init)
        builder.register(Legacy.self, Legacy.init)
        builder.override(JobRunner.self) { JobRunner(id: JobID(raw: 1), store: MemoryStore()) }
        builder.entryPoint(Server.self)
        builder.entryPoint(CycleA.self)
        builder.entryPoint(Cache.self)
        builder.entryPoint((any Clock).self)
        let error = try #require(await self.failure(builder))
        #expect(
            error.report == """
                Container validation failed: 5 errors, 1 warning
                  error[ambiguous_registration] Clock: registered 2 times (use override(_:) to replace a registration)
                  error[override_without_registration] JobRunner: overridden but never registered
                  error[missing_registration] Server → BuildScheduler → JobStore: not registered
                  error[cycle] CycleA → CycleB → CycleC → CycleA: dependency cycle
                  error[captive_dependency] Cache → RequestContext: captive dependency: singleton Cache would keep scoped RequestContext alive forever
                  warning[unused_registration] Legacy: registered but never used (declare it with entryPoint(_:) if it is resolved directly)
                """
        )
        #expect(error.description == error.report)
    }

    @Test("an entry point nothing registers is missing")
    func missingEntryPoint() async throws {
        var builder = ContainerBuilder()
        builder.entryPoint(Server.self)
        let error = try #require(await self.failure(builder))
        #expect(error.problems.map(\.description) == ["Server: entry point not registered"])
    }
}
