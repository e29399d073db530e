import DI
import Swinject

// MARK: - DI

/// Workloads 1 and 2 wired with DI.
public enum DIWiring {
    /// A container with a singleton `AppConfig` and the transient tree under `Root`.
    public static func container() async throws -> DI.Container {
        var builder = ContainerBuilder()
        builder.register(AppConfig.self, .singleton, AppConfig.init)
        builder.register(Leaf.self, Leaf.init)
        builder.register(Level3.self, Level3.init)
        builder.register(Level2.self, Level2.init)
        builder.register(Level1.self, Level1.init)
        builder.register(Root.self, Root.init)
        builder.entryPoint(AppConfig.self)
        builder.entryPoint(Root.self)
        return try await builder.build()
    }
}

// MARK: - Swinject

/// Workloads 1 and 2 wired with Swinject 2.10 (transient scope for the tree, so every
/// node is a new object as with DI's `.transient`).
public enum SwinjectWiring {
    public static func container() -> Swinject.Container {
        let container = Swinject.Container()
        container.register(AppConfig.self) { _ in AppConfig() }.inObjectScope(.container)
        container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
        container.register(Level3.self) { r in
            Level3(left: r.resolve(Leaf.self) ?? Leaf(), right: r.resolve(Leaf.self) ?? Leaf())
        }.inObjectScope(.transient)
        container.register(Level2.self) { r in
            Level2(left: r.resolve(Level3.self) ?? HandWired.level3(), right: r.resolve(Level3.self) ?? HandWired.level3())
        }.inObjectScope(.transient)
        container.register(Level1.self) { r in
            Level1(left: r.resolve(Level2.self) ?? HandWired.level2(), right: r.resolve(Level2.self) ?? HandWired.level2())
        }.inObjectScope(.transient)
        container.register(Root.self) { r in
            Root(left: r.resolve(Level1.self) ?? HandWired.level1(), right: r.resolve(Level1.self) ?? HandWired.level1())
        }.inObjectScope(.transient)
        return container
    }
}
