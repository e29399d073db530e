import DI
import Testing

// MARK: - Singletons under contention

@Suite("Singleton concurrency")
struct SingletonConcurrencyTests {
    @Test("1,000 concurrent first resolutions of an async singleton run the factory once")
    func asyncSingletonOnce() async throws {
        let counter = Counter()
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { () async throws -> any Store in
            counter.increment()
            // Suspend so the other tasks really arrive while creation is under way.
            try await Task.sleep(for: .milliseconds(20))
            return MemoryStore()
        }
        builder.entryPoint((any Store).self)
        let container = try await builder.build()
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    let store = try await container.resolve((any Store).self)
                    return ObjectIdentifier(store as AnyObject)
                }
            }
            var identities = Set<ObjectIdentifier>()
            for try await identity in group {
                identities.insert(identity)
            }
            return identities
        }
        #expect(counter.count == 1)
        #expect(identities.count == 1)
    }

    @Test("1,000 concurrent first resolutions of a sync singleton run the factory once")
    func syncSingletonOnce() async throws {
        let counter = Counter()
        var builder = ContainerBuilder()
        builder.register(MemoryStore.self, .singleton) { () -> MemoryStore in
            counter.increment()
            return MemoryStore()
        }
        builder.entryPoint(MemoryStore.self)
        let container = try await builder.build()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<1_000 {
                group.addTask { _ = try await container.resolve(MemoryStore.self) }
            }
            try await group.waitForAll()
        }
        #expect(counter.count == 1)
    }

    @Test("a failed singleton factory is retried by the next resolution")
    func failureRetried() async throws {
        let counter = Counter()
        var builder = ContainerBuilder()
        builder.register(MemoryStore.self, .singleton) { () async throws -> MemoryStore in
            counter.increment()
            if counter.count == 1 { throw Boom() }
            return MemoryStore()
        }
        builder.entryPoint(MemoryStore.self)
        let container = try await builder.build()
        await #expect(throws: ResolutionError.self) { _ = try await container.resolve(MemoryStore.self) }
        _ = try await container.resolve(MemoryStore.self)
        #expect(counter.count == 2)
    }
}

// MARK: - Eager singletons

@Suite("Eager singletons")
struct EagerSingletonTests {
    @Test("an eager singleton is created during build")
    func createdDuringBuild() async throws {
        let counter = Counter()
        var builder = ContainerBuilder()
        builder.register(MemoryStore.self, .eagerSingleton) { () -> MemoryStore in
            counter.increment()
            return MemoryStore()
        }
        let container = try await builder.build()
        #expect(counter.count == 1)
        _ = try await container.resolve(MemoryStore.self)
        #expect(counter.count == 1)
        #expect(container.warnings.isEmpty)
    }

    @Test("an eager singleton's failure fails the build, with its path")
    func failureFailsBuild() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { () throws -> any Store in throw Boom() }
        builder.register((any Scheduler).self, .eagerSingleton) { (store: any Store) in
            SQLScheduler(store: store, clock: FixedClock())
        }
        do {
            _ = try await builder.build()
            Issue.record("expected the build to fail")
        } catch {
            #expect(error.errors.count == 1)
            let problem = try #require(error.errors.first)
            #expect(problem.kind == .eagerSingletonFailed)
            #expect(problem.path == ["Scheduler", "Store"])
            #expect(problem.description == "Scheduler → Store: factory failed: boom")
        }
    }
}
