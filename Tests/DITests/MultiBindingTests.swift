import DI
import Testing

// MARK: - Multi-bindings

@Suite("Multi-bindings")
struct MultiBindingTests {
    @Test("contributions resolve together in registration order")
    func registrationOrder() async throws {
        var builder = ContainerBuilder()
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.contribute((any Notifier).self, SlackNotifier.init)
        builder.contribute((any Notifier).self, .singleton, EmailNotifier.init)
        builder.contribute((any Notifier).self) { (clock: any Clock) async -> any Notifier in PagerNotifier(clock: clock) }
        builder.entryPoint([any Notifier].self)
        let container = try await builder.build()
        let notifiers = try await container.resolveAll((any Notifier).self)
        #expect(notifiers.map(\.channel) == ["slack", "email", "pager"])
        #expect(container.warnings.isEmpty)
    }

    @Test("a factory parameter of type [any P] receives the multi-binding")
    func arrayParameter() async throws {
        var builder = ContainerBuilder()
        builder.contribute((any Notifier).self, SlackNotifier.init)
        builder.contribute((any Notifier).self, EmailNotifier.init)
        builder.register(Alerting.self, Alerting.init)
        builder.entryPoint(Alerting.self)
        let container = try await builder.build()
        let alerting = try await container.resolve(Alerting.self)
        #expect(alerting.notifiers.map(\.channel) == ["slack", "email"])
        #expect(container.warnings.isEmpty)
        #expect(container.graph.edges.map(\.to) == ["Notifier+1", "Notifier+2"])
    }

    @Test("an empty multi-binding resolves to an empty array")
    func empty() async throws {
        var builder = ContainerBuilder()
        builder.register(Alerting.self, Alerting.init)
        builder.entryPoint(Alerting.self)
        let container = try await builder.build()
        #expect(try await container.resolve(Alerting.self).notifiers.isEmpty)
        #expect(try await container.resolveAll((any Notifier).self).isEmpty)
    }
}

// MARK: - Modules

struct StoreModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any Store).self, .singleton) { MemoryStore() as any Store }
        builder.register((any Clock).self, .singleton, FixedClock.init)
    }
}

struct SchedulingModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any Scheduler).self, .singleton, SQLScheduler.init)
        builder.entryPoint((any Scheduler).self)
    }
}

@Suite("Modules")
struct ModuleTests {
    @Test("installed modules register as if written inline")
    func install() async throws {
        var builder = ContainerBuilder()
        builder.install(StoreModule(), SchedulingModule())
        let container = try await builder.build()
        #expect(try await container.resolve((any Scheduler).self).store.name == "memory")
    }
}
