import DI
import Testing

// MARK: - Fast paths

final class Part: Sendable {
    init() {}
}

final class Assembly: Sendable {
    let left: Part
    let right: Part
    init(left: Part, right: Part) {
        self.left = left
        self.right = right
    }
}

@Suite("Fast paths")
struct FastPathTests {
    @Test("a transient graph is rebuilt on every resolution, a singleton is shared")
    func transientAndSingleton() async throws {
        var builder = ContainerBuilder()
        builder.register(Part.self, Part.init)  // no dependencies
        builder.register(Assembly.self, Assembly.init)  // two, moved into the initializer
        builder.register((any Clock).self, .singleton) { () -> any Clock in FixedClock() }
        builder.entryPoint(Assembly.self)
        builder.entryPoint((any Clock).self)
        let container = try await builder.build()
        let first = try await container.resolve(Assembly.self)
        let second = try await container.resolve(Assembly.self)
        #expect(first !== second)
        #expect(first.left !== first.right)
        #expect(first.left !== second.left)
        let clock = try await container.resolve((any Clock).self)
        #expect(clock.now == 42)
    }

    @Test("a factory held in a variable with borrowed parameters is accepted")
    func storedFactory() async throws {
        let factory: @Sendable (Part, Part) throws -> Assembly = { Assembly(left: $0, right: $1) }
        var builder = ContainerBuilder()
        builder.register(Part.self, .singleton, Part.init)
        builder.register(Assembly.self, factory)
        builder.entryPoint(Assembly.self)
        let container = try await builder.build()
        let assembly = try await container.resolve(Assembly.self)
        #expect(assembly.left === assembly.right)  // the singleton part, twice
    }
}
