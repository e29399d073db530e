import DI
import Testing

// MARK: - Registration and resolution

@Suite("Registration")
struct RegistrationTests {
    @Test("an initializer registered under a protocol resolves with its dependencies")
    func initializerUnderProtocol() async throws {
        var builder = ContainerBuilder()
        builder.register((any Clock).self, .singleton, FixedClock.init)
        builder.register((any Store).self, .singleton) { MemoryStore() }
        builder.register((any Scheduler).self, .singleton, SQLScheduler.init)
        builder.entryPoint((any Scheduler).self)
        let container = try await builder.build()
        let scheduler = try await container.resolve((any Scheduler).self)
        #expect(scheduler.store.name == "memory")
        #expect(container.warnings.isEmpty)
    }

    @Test("transients are new each time, singletons are shared")
    func lifetimes() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .transient) { MemoryStore() as any Store }
        builder.register(MemoryStore.self, .singleton) { MemoryStore(name: "single") }
        builder.entryPoint((any Store).self)
        builder.entryPoint(MemoryStore.self)
        let container = try await builder.build()
        let first = try await container.resolve((any Store).self) as? MemoryStore
        let second = try await container.resolve((any Store).self) as? MemoryStore
        #expect(first !== second)
        let one = try await container.resolve(MemoryStore.self)
        let two = try await container.resolve(MemoryStore.self)
        #expect(one === two)
    }

    @Test("async factories and tags")
    func asyncAndTags() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, tag: "primary", .singleton) { () async throws -> any Store in
            await Task.yield()
            return MemoryStore(name: "primary")
        }
        builder.register((any Store).self) { MemoryStore(name: "default") as any Store }
        builder.entryPoint((any Store).self, tag: "primary")
        builder.entryPoint((any Store).self)
        let container = try await builder.build()
        #expect(try await container.resolve((any Store).self, tag: "primary").name == "primary")
        #expect(try await container.resolve((any Store).self).name == "default")
    }
}

// MARK: - Runtime arguments

@Suite("Runtime arguments")
struct ArgumentTests {
    private func container() async throws -> Container {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { MemoryStore() as any Store }
        builder.register(JobRunner.self, argument: JobID.self) { (id: JobID, store: any Store) in
            JobRunner(id: id, store: store)
        }
        builder.entryPoint(JobRunner.self)
        return try await builder.build()
    }

    @Test("the argument is passed at resolve time, dependencies come from the container")
    func argumentPassed() async throws {
        let container = try await self.container()
        let runner = try await container.resolve(JobRunner.self, argument: JobID(raw: 7))
        #expect(runner.id == JobID(raw: 7))
        #expect(runner.store.name == "memory")
        let other = try await container.resolve(JobRunner.self, argument: JobID(raw: 8))
        #expect(other.id.raw == 8)
    }

    @Test("a wrong or missing argument is a typed error")
    func argumentMismatch() async throws {
        let container = try await self.container()
        await #expect(throws: ResolutionError.self) {
            _ = try await container.resolve(JobRunner.self, argument: "seven")
        }
        do {
            _ = try await container.resolve(JobRunner.self)
            Issue.record("expected an error")
        } catch {
            guard case .argumentMismatch(let service, let expected, let received) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(service == "JobRunner")
            #expect(expected == "JobID")
            #expect(received == "none")
        }
    }

    @Test("an async factory with an argument")
    func asyncArgument() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, argument: String.self) { (name: String) async throws -> any Store in
            await Task.yield()
            return MemoryStore(name: name)
        }
        builder.entryPoint((any Store).self)
        let container = try await builder.build()
        #expect(try await container.resolve((any Store).self, argument: "x").name == "x")
    }

    @Test("injecting a service that needs an argument is a validation problem")
    func argumentDependency() async throws {
        var builder = ContainerBuilder()
        builder.register((any Store).self, .singleton) { MemoryStore() as any Store }
        builder.register(JobRunner.self, argument: JobID.self) { (id: JobID, store: any Store) in
            JobRunner(id: id, store: store)
        }
        builder.register(String.self) { (runner: JobRunner) in "\(runner.id)" }
        builder.entryPoint(String.self)
        do {
            _ = try await builder.build()
            Issue.record("expected a validation error")
        } catch {
            #expect(error.errors.map(\.kind) == [.argumentRequired])
            #expect(error.errors.first?.path == ["String", "JobRunner"])
        }
    }
}
