import DI
import Testing

// MARK: - Overrides

struct FakeStore: Store {
    var name: String { "fake" }
}

@Suite("Overrides")
struct OverrideTests {
    /// The production composition root.
    private func production() -> ContainerBuilder {
        var builder = ContainerBuilder()
        builder.install(StoreModule(), SchedulingModule())
        return builder
    }

    @Test("an override replaces one registration and keeps the rest")
    func replacesOne() async throws {
        var builder = self.production()
        builder.override((any Store).self, .singleton) { FakeStore() as any Store }
        let container = try await builder.build()
        let scheduler = try await container.resolve((any Scheduler).self)
        #expect(scheduler.store.name == "fake")
        #expect(container.warnings.isEmpty)
    }

    @Test("an override with an instance, declared before the registration it replaces")
    func instanceOverrideFirst() async throws {
        var builder = ContainerBuilder()
        builder.override((any Store).self, instance: FakeStore() as any Store)
        builder.install(StoreModule(), SchedulingModule())
        let container = try await builder.build()
        #expect(try await container.resolve((any Store).self).name == "fake")
        #expect(container.graph.services.first { $0.id == "Store" }?.lifetime == .singleton)
    }

    @Test("overriding something never registered is a validation problem")
    func overrideNothing() async throws {
        var builder = self.production()
        builder.override(Legacy.self, Legacy.init)
        do {
            _ = try await builder.build()
            Issue.record("expected build() to fail")
        } catch {
            #expect(error.errors.map(\.kind) == [.overrideWithoutRegistration])
            #expect(error.errors.first?.path == ["Legacy"])
        }
    }
}
